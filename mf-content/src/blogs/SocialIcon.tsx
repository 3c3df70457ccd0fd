import type { ReactNode } from 'react';

/**
 * The social networks an author can link to, each with its name (for the link's accessible name) and
 * a small inline SVG glyph on a brand-coloured disc. Inline SVG: no image request, no third-party
 * host, and it scales to any size. Unknown types get a globe ("website") and the type as their name.
 */
interface SocialNetwork {
  name: string;
  color: string;
  /** drawn in white on the disc, in a 24x24 box */
  glyph: ReactNode;
}

const NETWORKS: Record<string, SocialNetwork> = {
  facebook: {
    name: 'Facebook',
    color: '#1877F2',
    glyph: <path d="M13.5 21v-7h2.4l.4-2.8h-2.8V9.4c0-.8.3-1.4 1.4-1.4h1.5V5.5c-.3 0-1.2-.1-2.2-.1-2.2 0-3.6 1.3-3.6 3.7v2.1H8.2V14h2.4v7z" />,
  },
  instagram: {
    name: 'Instagram',
    color: '#C13584',
    glyph: (
      <>
        <path d="M8 4h8a4 4 0 0 1 4 4v8a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4Zm0 1.8A2.2 2.2 0 0 0 5.8 8v8A2.2 2.2 0 0 0 8 18.2h8a2.2 2.2 0 0 0 2.2-2.2V8A2.2 2.2 0 0 0 16 5.8Z" />
        <path d="M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 1.8a2.2 2.2 0 1 0 0 4.4 2.2 2.2 0 0 0 0-4.4Z" />
        <circle cx="16.4" cy="7.6" r="1" />
      </>
    ),
  },
  x: {
    name: 'X',
    color: '#000000',
    glyph: <path d="M5 5h4.2l3.3 4.6L16.6 5h1.9l-5.1 5.8L19 19h-4.2l-3.6-5-4.4 5H4.9l5.4-6.2Zm2.6 1.3 8 11.4h1.1l-8-11.4Z" />,
  },
  linkedin: {
    name: 'LinkedIn',
    color: '#0A66C2',
    glyph: (
      <>
        <path d="M6 9.5h2.8V18H6z" />
        <circle cx="7.4" cy="6.8" r="1.6" />
        <path d="M10.5 9.5h2.7v1.2c.4-.7 1.3-1.4 2.7-1.4 2.8 0 3.3 1.8 3.3 4.2V18h-2.8v-4c0-1 0-2.2-1.4-2.2s-1.7 1-1.7 2.2v4h-2.8z" />
      </>
    ),
  },
  youtube: {
    name: 'YouTube',
    color: '#FF0000',
    glyph: <path d="M4.5 8.2c.2-1.2 1-2 2.2-2.1C8.3 6 10.1 6 12 6s3.7 0 5.3.1c1.2.1 2 .9 2.2 2.1.2 1.2.2 2.5.2 3.8s0 2.6-.2 3.8c-.2 1.2-1 2-2.2 2.1-1.6.1-3.4.1-5.3.1s-3.7 0-5.3-.1c-1.2-.1-2-.9-2.2-2.1-.2-1.2-.2-2.5-.2-3.8s0-2.6.2-3.8ZM10.2 9v6l5-3z" />,
  },
  pinterest: {
    name: 'Pinterest',
    color: '#E60023',
    glyph: <path d="M12.3 4C8 4 5.8 7 5.8 9.6c0 1.5.6 2.9 1.8 3.4.2.1.4 0 .5-.2l.2-.8c.1-.2 0-.3-.1-.5-.4-.4-.6-1-.6-1.8 0-2.3 1.7-4.4 4.5-4.4 2.5 0 3.8 1.5 3.8 3.5 0 2.6-1.2 4.9-2.9 4.9-1 0-1.7-.8-1.4-1.8.3-1.1.8-2.4.8-3.2 0-.7-.4-1.4-1.2-1.4-1 0-1.8 1-1.8 2.4 0 .9.3 1.5.3 1.5l-1.2 5c-.3 1.4 0 3.2 0 3.4 0 .1.2.1.2 0 .1-.1 1.2-1.5 1.6-2.9l.6-2.4c.3.6 1.2 1.1 2.2 1.1 2.9 0 4.8-2.6 4.8-6.1C18.7 6.6 16.4 4 12.3 4Z" />,
  },
  houzz: {
    name: 'Houzz',
    color: '#4DBC15',
    glyph: <path d="M8 4h3v4.2l6 1.8V20h-4.5v-4.5h-2V20H6V4Z" />,
  },
};
NETWORKS.twitter = { ...NETWORKS.x!, name: 'X (Twitter)' };

const WEBSITE: SocialNetwork = {
  name: 'Website',
  color: '#4A5560',
  glyph: (
    <path d="M12 4a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm-1 1.9a6.1 6.1 0 0 0-4.8 5.2h2.6c.1-1.9.9-3.8 2.2-5.2Zm2 0c1.3 1.4 2.1 3.3 2.2 5.2h2.6A6.1 6.1 0 0 0 13 5.9Zm-.9.3c-1.1 1.3-1.8 3-1.9 4.9h3.8c-.1-1.9-.8-3.6-1.9-4.9Zm-5.9 6.7a6.1 6.1 0 0 0 4.8 5.2 8.4 8.4 0 0 1-2.2-5.2Zm4 0c.1 1.9.8 3.6 1.9 4.9 1.1-1.3 1.8-3 1.9-4.9Zm5.6 0c-.1 1.9-.9 3.8-2.2 5.2a6.1 6.1 0 0 0 4.8-5.2Z" />
  ),
};

/** The network for a social `type` (any case); a globe named after the type when it is not known. */
export function socialNetwork(type: string): SocialNetwork {
  const key = type.trim().toLowerCase();
  const known = NETWORKS[key];
  if (known) return known;
  if (key === '' || key === 'website' || key === 'web' || key === 'site') return WEBSITE;
  return { ...WEBSITE, name: key.charAt(0).toUpperCase() + key.slice(1) };
}

/** The icon alone (decorative: the link around it carries the name). */
export function SocialIcon({ type, size }: { type: string; size: number }) {
  const network = socialNetwork(type);
  return (
    <svg className="blog-socials__icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill={network.color} />
      <g fill="#fff">{network.glyph}</g>
    </svg>
  );
}
