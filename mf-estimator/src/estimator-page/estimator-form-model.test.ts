import type { EstimatorGroup, PriceResult } from '@storefront/contracts';
import { canPrint, fieldNamesThrough, initialOpenGroups, nextGroupIndex, openAfterFailure } from './estimator-form-model.js';

const group = (name: string, target?: string, layout: EstimatorGroup['layout'] = 'accordion'): EstimatorGroup => ({
  name,
  title: name,
  layout,
  fields: [{ name: `${name}Field`, type: 'text', label: name }],
  actions: target ? { next: { text: 'Next', target } } : undefined,
});

const price = (finalMax: number): PriceResult => ({
  min: 0,
  max: finalMax,
  laborMin: 0,
  laborMax: 0,
  finalMin: 0,
  finalMax,
  display: { product: '', labor: '', total: '' },
  breakdown: {},
});

describe('estimator steps', () => {
  it('opens the targeted group by name, "#name" or path, else the following one', () => {
    const groups = [group('a', 'c'), group('b', '#a'), group('c', '/estimator/b'), group('d', 'nowhere')];
    expect(nextGroupIndex(groups, 0)).toBe(2);
    expect(nextGroupIndex(groups, 1)).toBe(0);
    expect(nextGroupIndex(groups, 2)).toBe(1);
    expect(nextGroupIndex(groups, 3)).toBeUndefined();
  });

  it('validates every field up to and including the current group', () => {
    expect(fieldNamesThrough([group('a'), group('b'), group('c')], 1)).toEqual(['aField', 'bField']);
  });

  it('opens the first accordion group on load, never a popup', () => {
    expect([...initialOpenGroups([group('extras', undefined, 'popup'), group('a'), group('b')])]).toEqual(['a']);
    expect([...initialOpenGroups([])]).toEqual([]);
  });
});

describe('after a failed Next', () => {
  const groups = [group('a'), group('pop', undefined, 'popup'), group('b'), group('c')];

  it('opens every accordion group with an error and keeps what was open', () => {
    expect([...openAfterFailure(groups, new Set(['c']), ['aField', 'bField'])].sort()).toEqual(['a', 'b', 'c']);
  });

  it('closes a popup unless the first error is inside it', () => {
    expect([...openAfterFailure(groups, new Set(['pop']), ['aField', 'popField'])]).toEqual(['a']);
    expect([...openAfterFailure(groups, new Set(['pop']), ['popField', 'bField'])].sort()).toEqual(['b', 'pop']);
  });
});

describe('Download PDF', () => {
  it('is offered only with a price above zero and something filled in', () => {
    expect(canPrint(null, { a: 'x' })).toBe(false);
    expect(canPrint(price(0), { a: 'x' })).toBe(false);
    expect(canPrint(price(100), { a: '', b: false })).toBe(false);
    expect(canPrint(price(100), { a: ' ', b: true })).toBe(true);
    expect(canPrint(price(100), { a: 'small' })).toBe(true);
  });
});
