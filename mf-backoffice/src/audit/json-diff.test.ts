import { diffSummary, diffValues, hasChanges, valueText } from './json-diff';

describe('diffValues', () => {
  it('pairs the fields of both sides and marks what changed', () => {
    expect(diffValues({ role: 'sales', disabled: false }, { role: 'manager', disabled: false })).toEqual([
      { path: 'role', before: 'sales', after: 'manager', change: 'changed' },
      { path: 'disabled', before: 'false', after: 'false', change: 'same' },
    ]);
  });

  it('follows nested objects and lists of objects by path, and keeps a list of plain values as one field', () => {
    const rows = diffValues(
      { customer: { name: 'Ann', city: 'Austin' }, items: [{ sku: 'W3012', qty: 1 }], tags: ['a', 'b'] },
      { customer: { name: 'Ann', city: 'Dallas' }, items: [{ sku: 'W3012', qty: 2 }, { sku: 'B15', qty: 1 }], tags: ['a'] },
    );
    expect(rows.map((row) => [row.path, row.change])).toEqual([
      ['customer.name', 'same'],
      ['customer.city', 'changed'],
      ['items[0].sku', 'same'],
      ['items[0].qty', 'changed'],
      ['items[1].sku', 'added'],
      ['items[1].qty', 'added'],
      ['tags', 'changed'],
    ]);
    expect(diffSummary(rows)).toBe('5 fields differ: 3 changed, 2 added.');
    expect(rows.find((row) => row.path === 'tags')).toMatchObject({ before: '["a","b"]', after: '["a"]' });
  });

  it('reads a create as all added and a delete as all removed', () => {
    expect(diffValues(null, { email: 'dan@example.com', role: 'sales' })).toEqual([
      { path: 'email', before: undefined, after: 'dan@example.com', change: 'added' },
      { path: 'role', before: undefined, after: 'sales', change: 'added' },
    ]);
    expect(diffValues({ id: 'k1' }, null)).toEqual([{ path: 'id', before: 'k1', after: undefined, change: 'removed' }]);
  });

  it('compares values that are not objects as one field, and keeps empty text and null apart', () => {
    expect(diffValues('draft', 'sent')).toEqual([{ path: '', before: 'draft', after: 'sent', change: 'changed' }]);
    expect(diffValues({ note: '' }, { note: null })).toEqual([{ path: 'note', before: '""', after: 'null', change: 'changed' }]);
    expect(valueText(12.5)).toBe('12.5');
  });

  it('sums up one difference, or none', () => {
    expect(diffSummary(diffValues({ role: 'sales' }, { role: 'manager' }))).toBe('1 field differs: 1 changed.');
    expect(diffSummary(diffValues({ role: 'sales' }, { role: 'sales' }))).toBe('No field changed.');
  });

  it('knows when an entry recorded no values', () => {
    expect(hasChanges({ before: null, after: null })).toBe(false);
    expect(hasChanges({})).toBe(false);
    expect(hasChanges({ before: null, after: { a: 1 } })).toBe(true);
  });
});
