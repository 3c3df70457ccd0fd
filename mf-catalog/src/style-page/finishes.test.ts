import type { FinishGroup } from '@storefront/contracts';
import { resolveFinish } from './finishes.js';

const option = (value: string) => ({ value, label: value, image: { src: `/images/${value}.svg` }, hex: '#fff' });
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
