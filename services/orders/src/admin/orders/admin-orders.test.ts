import type { DataSource, EntityManager } from 'typeorm';
import { prefixUpperBound, readAll } from './admin-orders.js';

/** A stand-in that records how many of its reads ran at once. */
function reads(count: number) {
  let running = 0;
  let most = 0;
  const read = (value: number) => async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    return value;
  };
  return { list: Array.from({ length: count }, (_, index) => read(index)), mostAtOnce: () => most };
}

describe('readAll (the reads of an order detail)', () => {
  it("runs them one after the other on a transaction's manager: its one connection takes one query at a time", async () => {
    const inTransaction = { query: jest.fn(), queryRunner: {} } as unknown as EntityManager;
    const { list, mostAtOnce } = reads(6);
    await expect(readAll(inTransaction, list)).resolves.toEqual([0, 1, 2, 3, 4, 5]);
    expect(mostAtOnce()).toBe(1);
  });

  it('runs them side by side on the pool (a DataSource, or a manager outside a transaction), in order', async () => {
    for (const pool of [{ query: jest.fn(), manager: {} } as unknown as DataSource, { query: jest.fn(), queryRunner: undefined } as unknown as EntityManager]) {
      const { list, mostAtOnce } = reads(6);
      await expect(readAll(pool, list)).resolves.toEqual([0, 1, 2, 3, 4, 5]);
      expect(mostAtOnce()).toBe(6);
    }
  });
});

describe('prefixUpperBound (the end of a search prefix\'s range, in byte order)', () => {
  it('is the prefix with its last character one higher', () => {
    expect(prefixUpperBound('lee')).toBe('lef');
    expect(prefixUpperBound('harris1')).toBe('harris2');
    expect(prefixUpperBound('z')).toBe('{');
    expect(prefixUpperBound('a%')).toBe('a&');
    expect(prefixUpperBound('a\\')).toBe('a]');
    expect(prefixUpperBound('stra\u00df')).toBe('stra\u00e0'); // ß, à
    expect(prefixUpperBound('\u00ff')).toBe('\u0100'); // one UTF-8 byte more
    expect(prefixUpperBound('\u03c3\u03c9')).toBe('\u03c3\u03ca'); // σω, σϊ
  });

  it('counts in code points: a character outside the BMP (two UTF-16 units) is one', () => {
    expect(prefixUpperBound('a\u{1f600}')).toBe('a\u{1f601}');
    expect(prefixUpperBound('\uffff')).toBe('\u{10000}');
  });

  it('skips the surrogates, which no string holds: after U+D7FF comes U+E000', () => {
    expect(prefixUpperBound('x\ud7ff')).toBe('x\ue000');
  });

  it('drops trailing U+10FFFF (nothing is higher) and raises the character before', () => {
    expect(prefixUpperBound('a\u{10ffff}')).toBe('b');
    expect(prefixUpperBound('z\u{10ffff}\u{10ffff}')).toBe('{');
    expect(prefixUpperBound('\u{10ffff}a')).toBe('\u{10ffff}b');
  });

  it('is null when nothing is left: no upper bound', () => {
    expect(prefixUpperBound('')).toBeNull();
    expect(prefixUpperBound('\u{10ffff}')).toBeNull();
    expect(prefixUpperBound('\u{10ffff}\u{10ffff}')).toBeNull();
  });

  it('is above every string that starts with the prefix and below the rest, in code point order', () => {
    const codePoints = (text: string) => Array.from(text, (character) => character.codePointAt(0)!);
    const compare = (a: string, b: string) => {
      const [x, y] = [codePoints(a), codePoints(b)];
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    const alphabet = ['a', 'b', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{10ffff}'];
    const strings = [''];
    for (let length = 1; length <= 3; length++) for (const text of strings.filter((s) => codePoints(s).length === length - 1)) strings.push(...alphabet.map((c) => text + c));
    const wrong: string[][] = [];
    for (const prefix of strings.filter((s) => s !== '')) {
      const upper = prefixUpperBound(prefix);
      for (const text of strings) {
        const inRange = compare(text, prefix) >= 0 && (upper === null || compare(text, upper) < 0);
        if (inRange !== text.startsWith(prefix)) wrong.push([prefix, text]);
      }
    }
    expect(strings.length).toBe(1 + 7 + 49 + 343);
    expect(wrong).toEqual([]);
  });
});
