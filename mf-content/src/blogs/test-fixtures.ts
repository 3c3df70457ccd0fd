import type { BlogAuthor, BlogCard } from '@storefront/contracts';

export const logo = { src: '/images/blogs/authors/maria-alvarez.svg', altText: 'Maria Alvarez', width: 200, height: 200 };
export const maria: BlogAuthor = {
  id: 'maria-alvarez',
  name: 'Maria Alvarez',
  designation: 'Lead Kitchen Designer',
  description: 'Draws kitchens.',
  logo,
  socials: [{ type: 'linkedin', url: 'https://www.linkedin.com/in/maria' }],
};

export function card(slug: string, overrides: Partial<BlogCard> = {}): BlogCard {
  return {
    blogDetailPath: slug,
    title: `Title of ${slug}`,
    description: `About ${slug}`,
    blogCategory: 'Kitchen Design',
    categorySlug: 'kitchen-design',
    author: { id: maria.id, name: maria.name, logo },
    publishDate: '2026-10-28',
    isPopular: false,
    image: { src: `/images/blogs/${slug}.svg`, altText: slug, width: 1200, height: 800 },
    ...overrides,
  };
}
