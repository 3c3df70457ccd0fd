import type { FinishGroup } from '@storefront/contracts';
import { resolveFinish, samplesForFinish } from './finishes.js';

const option = (value: string) => ({ value, label: value, image: { src: `/images/${value}.svg` }, hex: '#fff', colorFamily: 'white' });
const finishes: FinishGroup[] = [
  { name: 'painted', group: 'painted', title: 'Painted', items: [option('white'), option('grey')] },
  { name: 'stained', group: 'stained', title: 'Stained', items: [option('oak')] },
];

describe('resolveFinish', () => {
  it('picks the finish the address names', () => {
    expect(resolveFinish({ finishes }, 'stained', 'oak')).toMatchObject({ group: { name: 'stained' }, option: { value: 'oak' } });
  });

  it.each([
    ['no parameters', null, null],
    ['an unknown type', 'metal', 'white'],
    ['a value from another group', 'stained', 'white'],
  ])('falls back to the first finish for %s', (_label, type, value) => {
    expect(resolveFinish({ finishes }, type, value)).toMatchObject({ group: { name: 'painted' }, option: { value: 'white' } });
  });

  it('gives null for a style without finishes', () => {
    expect(resolveFinish({ finishes: [] }, null, null)).toBeNull();
  });
});

describe('samplesForFinish', () => {
  const painted = finishes[0]!;
  const white = { group: painted, option: painted.items[0]! };
  const items = [
    { sku: 'S-WHITE', name: 'White sample', price: 0, weight: 1, isSample: true, finish: { type: 'painted', value: 'white' } },
    { sku: 'S-GREY', name: 'Grey sample', price: 0, weight: 1, isSample: true, finish: { type: 'painted', value: 'grey' } },
    { sku: 'S-ANY', name: 'Any finish sample', price: 0, weight: 1, isSample: true },
    { sku: 'B12', name: 'Base cabinet', price: 100, weight: 20 },
  ];

  it("offers the chosen finish's samples and samples not tied to a finish, never cabinets", () => {
    expect(samplesForFinish(items, white).map((item) => item.sku)).toEqual(['S-WHITE', 'S-ANY']);
  });

  it('offers nothing when the finish has no sample and none is generic', () => {
    expect(samplesForFinish(items.slice(0, 2), { group: finishes[1]!, option: finishes[1]!.items[0]! })).toEqual([]);
  });
});
