import type { BlogPostRecord, PageTable, ProductStyle } from '@storefront/contracts';
import { buildSearchDocuments, htmlToText } from './search-documents.js';

const image = { src: '/images/a.svg', altText: 'A', width: 10, height: 10 };
const style = {
  name: 'ssw',
  title: 'Shaker Snow White',
  description: 'A bright white shaker door.',
  shortDescription: '<ul><li>Solid&nbsp;wood</li><li>Soft-close</li></ul>',
  label: 'Best Seller',
  category: 'kitchen-cabinets',
  doorStyle: 'shaker',
  addedOn: '2026-01-01',
  layout: 'v1',
  images: [
    { ...image, src: '/images/door-alabaster.svg', type: 'sample' },
    { ...image, src: '/images/kitchen.svg', type: 'base' },
  ],
  finishes: [
    {
      name: 'paint',
      group: 'Painted',
      title: 'Painted Finishes',
      items: [{ value: 'alabaster', label: 'Alabaster', hex: '#fff', image: { src: '/s.svg' }, colorFamily: 'white', doorImage: '/images/door-alabaster.svg' }],
    },
  ],
  items: [
    { sku: 'SSW-SMPL-ALB', name: 'Shaker Snow White Sample Door - Alabaster', price: 0, weight: 3, isSample: true, finish: { type: 'paint', value: 'alabaster' } },
    { sku: 'SSW-B12', name: 'Shaker Snow White Base Cabinet 12"W', price: 188.99, weight: 30 },
  ],
  specifications: { specView: 'tabular', specs: [] },
} as ProductStyle;
const post: BlogPostRecord = {
  blogDetailPath: 'island-ideas',
  title: 'Planning a Kitchen Island',
  description: 'Sizes and clearances.',
  blogCategory: 'Kitchen Design',
  author: 'maria',
  publishDate: '2026-01-01',
  isPopular: false,
  image,
  contentPath: 'articles/island-ideas.html',
};
const table: PageTable = { logo: '/images/logo.svg', notFound: { title: 'x', description: 'y' }, routes: [] };

describe('htmlToText', () => {
  it('drops tags and decodes entities', () => {
    expect(htmlToText('<h2>Measure&nbsp;first</h2><p>Tom &amp; Jerry&#39;s &#x41;</p><script>alert(1)</script>')).toBe("Measure first Tom & Jerry's A");
  });
});

describe('buildSearchDocuments', () => {
  const documents = buildSearchDocuments({
    styles: [style],
    posts: [post],
    authors: [{ id: 'maria', name: 'Maria Alvarez', designation: '', description: '', logo: image, socials: [] }],
    articles: new Map([['articles/island-ideas.html', '<p>Leave 42 inches of <b>clearance</b>.</p>']]),
    table,
    productCategories: [
      { slug: 'slab', title: 'Slab Cabinets' },
      { slug: 'shaker', title: 'Shaker Cabinets' },
    ],
  });
  const byKey = new Map(documents.map((document) => [document.key, document]));

  it('has one row per style, per item and per post', () => {
    expect([...byKey.keys()]).toEqual(['style:ssw', 'product:SSW-SMPL-ALB', 'product:SSW-B12', 'blog:island-ideas']);
  });

  it('describes a style by its page, base image, code and finishes', () => {
    expect(byKey.get('style:ssw')).toEqual({
      key: 'style:ssw',
      kind: 'style',
      name: 'Shaker Snow White',
      title: 'Shaker Snow White',
      description: 'A bright white shaker door.',
      body: 'Solid wood Soft-close Best Seller Painted Painted Finishes Alabaster',
      sku: 'SSW',
      url: '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw',
      image: { src: '/images/kitchen.svg', altText: 'A', width: 10, height: 10 },
      // the category of its door style, with the showcase page
      categories: [{ name: 'Shaker Cabinets', url: '/categories/shaker' }],
    });
  });

  it('names each item by its product name, in its style’s category', () => {
    expect(byKey.get('product:SSW-B12')).toMatchObject({
      name: 'Shaker Snow White Base Cabinet 12"W',
      categories: [{ name: 'Shaker Cabinets', url: '/categories/shaker' }],
    });
  });

  it('opens a sample door on its finish, with the door as its image', () => {
    expect(byKey.get('product:SSW-SMPL-ALB')).toMatchObject({
      kind: 'product',
      sku: 'SSW-SMPL-ALB',
      url: '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw?type=paint&value=alabaster',
      image: { src: '/images/door-alabaster.svg' },
      description: 'Free sample door of Shaker Snow White in Alabaster.',
    });
    expect(byKey.get('product:SSW-B12')).toMatchObject({ url: '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw', image: { src: '/images/kitchen.svg' } });
  });

  it('finds a post by its article, category and author', () => {
    expect(byKey.get('blog:island-ideas')).toMatchObject({
      kind: 'blog',
      url: '/blogs/island-ideas',
      body: 'Kitchen Design Maria Alvarez Leave 42 inches of clearance .',
      sku: null,
      name: 'Planning a Kitchen Island',
      categories: [{ name: 'Kitchen Design', url: '/blogs/category/kitchen-design' }],
    });
  });

  it("follows the page table's style route", () => {
    const moved = buildSearchDocuments({
      styles: [style],
      posts: [],
      authors: [],
      articles: new Map(),
      productCategories: [],
      table: { ...table, routes: [{ path: '/doors/{styleCode}', screen: 'mf_catalog/StylePage', enabled: true, title: 't', description: 'd', breadcrumb: [], schemas: {} }] },
    });
    expect(moved[0]?.url).toBe('/doors/ssw');
    // no categories file: the style is still found, without categories
    expect(moved[0]?.categories).toEqual([]);
  });
});
