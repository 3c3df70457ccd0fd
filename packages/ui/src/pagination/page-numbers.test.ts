import { pageNumberItems, pageWindow, parsePageNumber, type PageNumberItem } from './page-numbers.js';

/** Renders items the way a shopper reads the bar: numbers and '…'. */
const bar = (items: PageNumberItem[]) => items.map((item) => (item.kind === 'page' ? item.page : '…')).join(' ');

describe('pageNumberItems (spec §9)', () => {
  it('lists every page when there are 3 or fewer', () => {
    expect(bar(pageNumberItems(1, 1))).toBe('1');
    expect(bar(pageNumberItems(2, 3))).toBe('1 2 3');
  });

  it('shows first, the neighbours of the current page and last, with ellipsis gaps', () => {
    expect(bar(pageNumberItems(1, 10))).toBe('1 2 … 10');
    expect(bar(pageNumberItems(5, 10))).toBe('1 … 4 5 6 … 10');
    expect(bar(pageNumberItems(10, 10))).toBe('1 … 9 10');
    expect(bar(pageNumberItems(3, 10))).toBe('1 2 3 4 … 10');
    expect(bar(pageNumberItems(2, 4))).toBe('1 2 3 4');
  });

  it('gives every gap its own key', () => {
    const gaps = pageNumberItems(5, 10).filter((item: PageNumberItem) => item.kind === 'gap');
    expect(new Set(gaps.map((gap: PageNumberItem) => (gap.kind === 'gap' ? gap.key : ''))).size).toBe(2);
  });

  it('clamps a current page outside the range and handles no pages', () => {
    expect(bar(pageNumberItems(99, 5))).toBe('1 … 4 5');
    expect(bar(pageNumberItems(-3, 5))).toBe('1 2 … 5');
    expect(pageNumberItems(1, 0)).toEqual([]);
  });
});

describe('pageWindow (generic table)', () => {
  it('shows two pages either side of the current one', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('parsePageNumber', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['abc', 1],
    ['-2', 1],
    ['0', 1],
    ['1.5', 1],
    ['1e3', 1],
    [' 4 ', 4],
    ['12', 12],
    ['99999999999999999999', 1],
  ])('%p -> page %p', (raw, page) => {
    expect(parsePageNumber(raw)).toBe(page);
  });

  it('takes a page past the end as the first page when the total is known', () => {
    expect(parsePageNumber('40', 3)).toBe(1);
    expect(parsePageNumber('2', 3)).toBe(2);
    expect(parsePageNumber('2', 0)).toBe(1);
  });
});
