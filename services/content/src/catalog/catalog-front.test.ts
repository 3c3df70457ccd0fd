import { queryRecord } from './catalog-front.js';

describe('queryRecord', () => {
  it('reads a query string as a controller would get it: repeated names as lists', () => {
    expect(queryRecord('color=white&color=grey&sort=z-a&page=2')).toEqual({ color: ['white', 'grey'], sort: 'z-a', page: '2' });
    expect(queryRecord('')).toEqual({});
    expect(queryRecord('doorStyle=slim%20shaker&x=a%26b')).toEqual({ doorStyle: 'slim shaker', x: 'a&b' });
    expect(queryRecord('a=1&a=2&a=3')).toEqual({ a: ['1', '2', '3'] });
  });
});
