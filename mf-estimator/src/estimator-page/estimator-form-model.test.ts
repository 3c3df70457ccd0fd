import type { EstimatorGroup } from '@storefront/contracts';
import { fieldNamesThrough, nextGroupIndex } from './estimator-form-model.js';

const group = (name: string, target?: string): EstimatorGroup => ({
  name,
  title: name,
  layout: 'accordion',
  fields: [{ name: `${name}Field`, type: 'text', label: name }],
  actions: target ? { next: { text: 'Next', target } } : undefined,
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
});
