import { catalogRows, labelValue } from './catalog-rows.js';

const style = {
  name: 'crs',
  title: 'Craftsman Sage',
  description: 'Sage.',
  shortDescription: '<ul><li>a</li></ul>',
  label: 'Trending',
  labels: ['Best Seller', 'Trending'],
  category: 'kitchen-cabinets',
  doorStyle: 'craftsman',
  addedOn: '2025-08-25',
  images: [
    { src: '/images/styles/crs-door.svg', altText: 'door', width: 6, height: 8, type: 'sample' },
    { src: '/images/kitchens/crs.svg', altText: 'kitchen', width: 12, height: 8, type: 'base' },
  ],
  finishes: [
    { name: 'paint', group: 'Painted', title: 'Painted', items: [{ value: 'sage-green', label: 'Sage Green', hex: '#8B9B7C', colorFamily: 'green', image: { src: '/images/swatches/sage-green.svg' } }] },
    { name: 'stain', group: 'Stained', title: 'Stained', items: [{ value: 'natural-oak', label: 'Natural Oak', hex: '#C49A6C', colorFamily: 'wood', image: { src: '/images/swatches/natural-oak.svg' } }] },
  ],
  items: [
    { sku: 'CRS-SMPL-SAG', name: 'Sample - Sage', price: 0, weight: 3, isSample: true, finish: { type: 'paint', value: 'sage-green' } },
    { sku: 'CRS-B12', name: 'Base 12', price: 188.99, weight: 31 },
  ],
  specifications: { specView: 'tabular', specs: [] },
};

describe('catalogRows', () => {
  it('makes one style row with its facets and card, finish rows and item rows', () => {
    const rows = catalogRows([style]);
    expect(rows.skipped).toEqual([]);
    const [row] = rows.styles;
    expect(row).toMatchObject({ code: 'crs', title_sort: 'craftsman sage', door_style: 'craftsman', added_on: '2025-08-25', labels: ['Trending', 'Best Seller'] });
    expect(row!.facet_values.sort()).toEqual(['colorFamily:green', 'colorFamily:wood', 'doorStyle:craftsman', 'finishType:paint', 'finishType:stain', 'label:best-seller', 'label:trending']);
    expect(row!.card.image?.src).toBe('/images/kitchens/crs.svg');
    expect(row!.card.label).toBe('Trending');
    expect(row!.card.swatches).toEqual([
      { type: 'paint', value: 'sage-green', label: 'Sage Green', hex: '#8B9B7C', image: '/images/swatches/sage-green.svg' },
      { type: 'stain', value: 'natural-oak', label: 'Natural Oak', hex: '#C49A6C', image: '/images/swatches/natural-oak.svg' },
    ]);
    expect(rows.finishes.map((f) => [f.type, f.value, f.color_family])).toEqual([
      ['paint', 'sage-green', 'green'],
      ['stain', 'natural-oak', 'wood'],
    ]);
    expect(rows.items.map((i) => [i.sku, i.is_sample, i.finish_value])).toEqual([
      ['CRS-SMPL-SAG', true, 'sage-green'],
      ['CRS-B12', false, null],
    ]);
  });

  it('keeps what is usable from imperfect data and says what it left out', () => {
    const rows = catalogRows([
      { name: 'old', title: 'Old Style', addedOn: 'someday' },
      { title: 'No code' },
      { name: '../x', title: 'Bad code' },
      { name: 'old', title: 'Twice' },
      { ...style, name: 'dup', items: [...style.items] },
      style,
    ]);
    expect(rows.styles.map((s) => s.code)).toEqual(['old', 'dup', 'crs']);
    expect(rows.styles[0]).toMatchObject({ added_on: '1970-01-01', door_style: null, facet_values: [], card: { addedOn: null, image: null, swatches: [] } });
    expect(rows.skipped).toEqual(['[1] has no usable code (name) or title', '[2] has no usable code (name) or title', '[3] repeats the style code "old"']);
    // a SKU is the catalog's key: the second style using it does not get it
    expect(rows.items.filter((i) => i.sku === 'CRS-B12').map((i) => i.style_code)).toEqual(['dup']);
    expect(catalogRows({}).skipped).toEqual(['product-styles.json is not a list']);
  });
});

describe('labelValue', () => {
  it('is the label as a slug', () => {
    expect(labelValue('Best Seller')).toBe('best-seller');
    expect(labelValue(' New! ')).toBe('new');
  });
});
