import { UUID_SOURCE, isUuid } from './ids.js';

describe('isUuid', () => {
  it('accepts a uuid in either case', () => {
    expect(isUuid('3f2b8c1e-9a4d-4c7e-8b21-0d5e6f7a8b9c')).toBe(true);
    expect(isUuid('3F2B8C1E-9A4D-4C7E-8B21-0D5E6F7A8B9C')).toBe(true);
  });

  it('refuses order numbers, padded ids and non-strings', () => {
    expect(isUuid('SF-100013')).toBe(false);
    expect(isUuid(' 3f2b8c1e-9a4d-4c7e-8b21-0d5e6f7a8b9c')).toBe(false);
    expect(isUuid('3f2b8c1e-9a4d-4c7e-8b21-0d5e6f7a8b9')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it('gives the unanchored pattern for keys that embed an id', () => {
    expect(new RegExp(`^form:${UUID_SOURCE}:staff$`, 'i').test('form:3f2b8c1e-9a4d-4c7e-8b21-0d5e6f7a8b9c:staff')).toBe(true);
  });
});
