import { matchZipEntry, normaliseZip } from './zip-match.js';

const entries = [
  { zipCode: '*', name: 'anywhere' },
  { zipCode: '100*', name: 'manhattan prefix' },
  { zipCode: '1000*', name: 'longer prefix' },
  { zipCode: '10000-14999', name: 'upstate range' },
  { zipCode: '10001', name: 'exact' },
];

describe('matchZipEntry', () => {
  it('prefers an exact zip over a range and a wildcard', () => {
    expect(matchZipEntry(entries, '10001')?.name).toBe('exact');
  });

  it('prefers a range over a wildcard', () => {
    expect(matchZipEntry(entries, '10002')?.name).toBe('upstate range');
  });

  it('falls back to the longest matching wildcard prefix, then to "*"', () => {
    const wildcards = entries.filter((e) => e.zipCode.endsWith('*'));
    expect(matchZipEntry(wildcards, '10002')?.name).toBe('longer prefix');
    expect(matchZipEntry(wildcards, '10099')?.name).toBe('manhattan prefix');
    expect(matchZipEntry(wildcards, '90210')?.name).toBe('anywhere');
  });

  it('includes both ends of a range and nothing outside it', () => {
    const range = [{ zipCode: '99501-99524' }];
    expect(matchZipEntry(range, '99501')).toBeDefined();
    expect(matchZipEntry(range, '99524')).toBeDefined();
    expect(matchZipEntry(range, '99500')).toBeUndefined();
    expect(matchZipEntry(range, '99525')).toBeUndefined();
  });

  it('does not treat a short zip as inside a 5-digit range', () => {
    expect(matchZipEntry([{ zipCode: '00000-14999' }], '100')).toBeUndefined();
  });

  it('matches ZIP+4 by its first five digits', () => {
    expect(matchZipEntry(entries, '10001-1234')?.name).toBe('exact');
    expect(matchZipEntry(entries, '100011234')?.name).toBe('exact');
  });

  it('finds nothing without entries, and only "*" without a zip', () => {
    expect(matchZipEntry(undefined, '10001')).toBeUndefined();
    expect(matchZipEntry([], '10001')).toBeUndefined();
    expect(matchZipEntry(entries, '')?.name).toBe('anywhere');
    expect(matchZipEntry([{ zipCode: '100*' }], undefined)).toBeUndefined();
  });

  it('takes the earlier of two exact patterns, the nine digits as written or their first five', () => {
    const nineFirst = [{ zipCode: '100011234', name: 'nine' }, { zipCode: '10001', name: 'five' }];
    expect(matchZipEntry(nineFirst, '100011234')?.name).toBe('nine');
    expect(matchZipEntry([...nineFirst].reverse(), '100011234')?.name).toBe('five');
  });

  it('keeps the list order among wildcards of one length, and answers each list by its own patterns', () => {
    const first = [{ zipCode: '10*', name: 'a' }, { zipCode: '10*', name: 'b' }];
    const second = [{ zipCode: '10*', name: 'b' }, { zipCode: '1*', name: 'c' }];
    // asked twice, so the second answer comes from the list's index
    for (let time = 0; time < 2; time += 1) {
      expect(matchZipEntry(first, '10500')?.name).toBe('a');
      expect(matchZipEntry(second, '10500')?.name).toBe('b');
      expect(matchZipEntry(second, '19000')?.name).toBe('c');
    }
  });

  it('normalises zips', () => {
    expect(normaliseZip(' 10001 ')).toBe('10001');
    expect(normaliseZip('10001-1234')).toBe('10001');
    expect(normaliseZip(undefined)).toBe('');
  });
});
