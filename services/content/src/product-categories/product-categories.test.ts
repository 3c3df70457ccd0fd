import type { ProductCategoryRecord, ProductStyle } from '@storefront/contracts';
import { buildCategoryIndex } from './product-categories.js';

const record = (slug: string, title: string): ProductCategoryRecord => ({
  slug,
  title,
  description: `${title} description`,
  image: { src: `/images/scenes/${slug}.svg`, altText: title, width: 1200, height: 800 },
  icon: `/images/styles/${slug}.svg`,
  faqs: [{ question: 'Q?', answer: '<p>A.</p>' }],
  video: { videoType: 'video', videoUrl: '/images/videos/x.webm', title: 'Video' },
  specs: [{ label: 'Door', value: 'Five-piece' }],
  timeline: [{ title: 'Design', description: 'We design.' }],
});

const style = (code: string, doorStyle: string): ProductStyle =>
  ({
    name: code,
    title: `Style ${code}`,
    description: '',
    shortDescription: '<p>x</p>',
    doorStyle,
    images: [{ src: `/images/kitchens/${code}.svg`, altText: code, width: 1200, height: 800, type: 'base' }],
    finishes: [{ name: 'paint', group: 'Painted', items: [{ value: 'white', label: 'White', hex: '#ffffff', image: { src: '/images/swatches/white.svg' }, doorImage: `/images/styles/${code}-white.svg` }] }],
    items: [
      { sku: `${code.toUpperCase()}-B12`, name: 'Base', price: 100, weight: 10 },
      { sku: `${code.toUpperCase()}-SMPL-WHT`, name: 'Sample', price: 0, weight: 1, isSample: true, finish: { type: 'paint', value: 'white' } },
    ],
  }) as unknown as ProductStyle;

describe('buildCategoryIndex', () => {
  const index = buildCategoryIndex([record('shaker', 'Shaker Cabinets'), record('slab', 'Slab Cabinets'), record('craftsman', 'Craftsman Cabinets')], [
    style('ssw', 'shaker'),
    style('se', 'slab'),
    style('cbs', 'shaker'),
  ]);

  it('lists the categories in content order with their paths and style counts', () => {
    expect(index.summaries.map((summary) => [summary.slug, summary.path, summary.styleCount])).toEqual([
      ['shaker', '/categories/shaker', 2],
      ['slab', '/categories/slab', 1],
      ['craftsman', '/categories/craftsman', 0],
    ]);
  });

  it("gives a category the cards and sample doors of the styles with its door style, linked to the sample's finish", () => {
    const shaker = index.details.get('shaker')!;
    expect(shaker.styles.map((card) => card.code)).toEqual(['ssw', 'cbs']);
    expect(shaker.samples.map((sample) => sample.sku)).toEqual(['SSW-SMPL-WHT', 'CBS-SMPL-WHT']);
    expect(shaker.samples[0]).toMatchObject({
      styleTitle: 'Style ssw',
      image: '/images/styles/ssw-white.svg',
      finish: { type: 'paint', value: 'white', label: 'White', hex: '#ffffff' },
      path: '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw?type=paint&value=white',
    });
  });

  it('links neighbours without wrapping at the ends', () => {
    expect(index.details.get('shaker')).toMatchObject({ previous: null, next: { slug: 'slab' } });
    expect(index.details.get('slab')).toMatchObject({ previous: { slug: 'shaker' }, next: { slug: 'craftsman' } });
    expect(index.details.get('craftsman')).toMatchObject({ previous: { slug: 'slab' }, next: null });
  });

  it('keeps the categories when the catalog is unreadable, each without styles', () => {
    const broken = buildCategoryIndex([record('shaker', 'Shaker Cabinets')], 'not a list');
    expect(broken.summaries).toHaveLength(1);
    expect(broken.details.get('shaker')).toMatchObject({ styles: [], samples: [] });
  });
});
