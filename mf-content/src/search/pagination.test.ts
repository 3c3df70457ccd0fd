import { pageFromParam, pageLinks } from './pagination';

describe('pageLinks', () => {
  it('lists every page up to 3', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(2, 3)).toEqual([1, 2, 3]);
  });

  it('shows the first, the neighbours and the last with gaps beyond 3', () => {
    expect(pageLinks(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageLinks(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageLinks(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageLinks(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
});

describe('pageFromParam', () => {
  it('reads a whole page number, else 1', () => {
    expect(pageFromParam('3')).toBe(3);
    for (const value of [null, '', '0', '-2', '1.5', 'two', '99999']) expect(pageFromParam(value)).toBe(1);
  });
});
