import { BLOG_SOCIAL_ICON_SIZE, type BlogAuthor } from '@storefront/contracts';
import { SocialIcon, socialNetwork } from './SocialIcon';

/**
 * An author's social links (author page and article header) as icons at the spec's blog-social size
 * (50 px unless the content gives one); nothing when there are none. Each link is named "<Author> on
 * <Network>" for screen readers, and opens in a new tab without handing the other site this window.
 */
export function AuthorSocials({ author }: { author: Pick<BlogAuthor, 'name' | 'socials'> }) {
  if (author.socials.length === 0) return null;
  return (
    <ul className="blog-socials" aria-label={`${author.name} on social media`}>
      {author.socials.map((social) => (
        <li key={social.url}>
          <a
            className="blog-socials__link"
            href={social.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${author.name} on ${socialNetwork(social.type).name}`}
            title={socialNetwork(social.type).name}
          >
            <SocialIcon type={social.type} size={social.size ?? BLOG_SOCIAL_ICON_SIZE} />
          </a>
        </li>
      ))}
    </ul>
  );
}
