import { isFieldHidden, visibleOptions } from './hide-when.js';

describe('isFieldHidden', () => {
  it('is false without a condition', () => {
    expect(isFieldHidden({}, { any: 'thing' })).toBe(false);
  });

  it('matches one value, comparing as text', () => {
    expect(isFieldHidden({ hideWhen: { field: 'optIn', equals: false } }, { optIn: false })).toBe(true);
    expect(isFieldHidden({ hideWhen: { field: 'optIn', equals: 'false' } }, { optIn: false })).toBe(true);
    expect(isFieldHidden({ hideWhen: { field: 'rooms', equals: 2 } }, { rooms: '2' })).toBe(true);
    expect(isFieldHidden({ hideWhen: { field: 'optIn', equals: false } }, { optIn: true })).toBe(false);
  });

  it('matches any of a list, and any entry of a list value', () => {
    const field = { hideWhen: { field: 'room', equals: ['bath', 'laundry'] } };
    expect(isFieldHidden(field, { room: 'laundry' })).toBe(true);
    expect(isFieldHidden(field, { room: ['kitchen', 'bath'] })).toBe(true);
    expect(isFieldHidden(field, { room: 'kitchen' })).toBe(false);
  });

  it('treats an unanswered field as "" (or an unticked box as false), however it arrives', () => {
    expect(isFieldHidden({ hideWhen: { field: 'room', equals: '' } }, {})).toBe(true);
    expect(isFieldHidden({ hideWhen: { field: 'room', equals: '' } }, { room: '' })).toBe(true);
    expect(isFieldHidden({ hideWhen: { field: 'optIn', equals: false } }, {})).toBe(true);
    expect(isFieldHidden({ hideWhen: { field: 'room', equals: 'bath' } }, {})).toBe(false);
  });
});

describe('visibleOptions', () => {
  it('drops options whose condition matches', () => {
    const options = [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b', hideWhen: { field: 'x', equals: 'yes' } },
    ];
    expect(visibleOptions(options, { x: 'yes' }).map((o) => o.value)).toEqual(['a']);
    expect(visibleOptions(options, { x: 'no' }).map((o) => o.value)).toEqual(['a', 'b']);
  });
});
