import { checkRouteInput } from '../http/route-input.js';
import { orderRoutes } from '../orders/routes.js';
import { cartSummaryOfLinesUrl } from '../http/page-data-urls.js';
import { cartLinesText, CART_LINES_TEXT_MAX_CHARS } from './cart-lines-text.js';
import { MAX_CART_LINES } from './cart.js';

const route = orderRoutes.cartSummaryOfLines;
const check = (query: unknown) => checkRouteInput(route.query!, query, { part: 'query', invalidMessage: route.invalidMessage });

describe('a cart as its lines text (the lines cookie, GET /api/order/cart-summary?lines=)', () => {
  const cart = [
    { sku: 'SSW-SMPL', qty: 1, finish: { type: 'color', value: 'snow-white' }, name: 'kept out', image: { src: '/x.jpg', altText: '' } },
    { sku: 'B24', qty: 2 },
  ];

  it('writes only what is priced, in the cart\'s order, and reads back as the cart schema\'s lines', () => {
    const text = cartLinesText(cart);
    expect(JSON.parse(text)).toEqual([
      ['SSW-SMPL', 'color', 'snow-white', 1],
      ['B24', '', '', 2],
    ]);
    expect(check({ lines: text })).toEqual({
      ok: true,
      value: { lines: [{ sku: 'SSW-SMPL', qty: 1, finish: { type: 'color', value: 'snow-white' } }, { sku: 'B24', qty: 2 }] },
    });
  });

  it('survives the page-data URL: the query the server reads is the text the cookie held', () => {
    const text = cartLinesText([{ sku: 'A&B=C', qty: 1, finish: { type: 'colour', value: 'blanc cassé #2' } }]);
    const url = new URL(cartSummaryOfLinesUrl(text), 'http://shop.test');
    expect(url.pathname).toBe('/api/order/cart-summary');
    expect(url.searchParams.get('lines')).toBe(text);
  });

  it.each([
    ['no lines', {}, 'Invalid cart: lines must be a list of [sku, finish type, finish value, qty]'],
    ['not JSON', { lines: '[["SSW"' }, 'Invalid cart: lines must be a list of [sku, finish type, finish value, qty]'],
    ['JSON, not a list of lists', { lines: '{"sku":"SSW"}' }, 'Invalid cart: lines must be a list of [sku, finish type, finish value, qty]'],
    ['a line of objects', { lines: '[{"sku":"SSW","qty":1}]' }, 'Invalid cart: lines must be a list of [sku, finish type, finish value, qty]'],
    ['a line without a sku', { lines: '[["", "color", "white", 1]]' }, 'Invalid cart: sku is required'],
    ['a quantity of zero', { lines: '[["SSW", "color", "white", 0]]' }, 'Invalid cart: qty must be a whole number of at least 1'],
    ['a finish type without its value', { lines: '[["SSW", "color", "", 1]]' }, 'Invalid cart: finish must have a type and a value'],
    ['too many lines', { lines: cartLinesText(Array.from({ length: MAX_CART_LINES + 1 }, (_, n) => ({ sku: `S${n}`, qty: 1 }))) }, `Invalid cart: A cart can hold at most ${MAX_CART_LINES} lines`],
    ['a text past the bound', { lines: `[${'["S","","",1],'.repeat(CART_LINES_TEXT_MAX_CHARS / 10)}["S","","",1]]` }, 'Invalid cart: lines must be a list of [sku, finish type, finish value, qty]'],
  ])('refuses %s with the cart\'s own message', (_label, query, message) => {
    const result = check(query);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem.message).toBe(message);
  });

  it('refuses values of the wrong type inside a line without throwing', () => {
    const result = check({ lines: '[[{"a":1}, ["x"], null, "1"]]' });
    expect(result.ok).toBe(false);
  });
});
