import type { BlogAuthor } from '@storefront/contracts';

/** An author's social links (author page and article header); nothing when there are none. */
export function AuthorSocials({ author }: { author: Pick<BlogAuthor, 'name' | 'socials'> }) {
  if (author.socials.length === 0) return null;
  return (
    <ul className="blog-socials" aria-label={`${author.name} on social media`}>
      {author.socials.map((social) => (
        <li key={social.url}>
          <a href={social.url} target="_blank" rel="noopener noreferrer">
            {social.type}
          </a>
        </li>
      ))}
    </ul>
  );
}
