import { SAMPLE_CART_STORAGE_KEY, SAMPLE_CART_UPDATED_EVENT, type StoredSampleCart } from '@storefront/contracts';
import { createSampleCartStore } from './store.js';
import { SAMPLE_CART_EXPIRY_MS } from './storage.js';

const door = {
  sku: 'SSW-SAMPLE',
  name: 'Shaker Snow White Sample Door',
  finish: { type: 'color', value: 'snow-white', label: 'Snow White' },
  styleName: 'ssw',
  styleTitle: 'Shaker Snow White',
};

let clock = 1_700_000_000_000;
const now = () => clock;

function stored(): StoredSampleCart | null {
  const raw = window.localStorage.getItem(SAMPLE_CART_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as StoredSampleCart);
}

function newStore() {
  const store = createSampleCartStore({ now, target: window, storage: () => window.localStorage });
  const disconnect = store.connect();
  return { store, disconnect };
}

let disconnect: () => void = () => undefined;

beforeEach(() => {
  window.localStorage.clear();
  clock = 1_700_000_000_000;
});
afterEach(() => disconnect());

describe('sample cart: loading', () => {
  it('starts empty and hydrated when nothing is stored', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    expect(cart.store.getState()).toMatchObject({ items: [], hydrated: true });
  });

  it('loads a stored cart that has not expired', () => {
    window.localStorage.setItem(SAMPLE_CART_STORAGE_KEY, JSON.stringify({ items: [{ ...door, qty: 1 }], expiresAt: clock + 1000 }));
    const cart = newStore();
    disconnect = cart.disconnect;
    expect(cart.store.getState().items).toEqual([{ ...door, qty: 1 }]);
  });

  it('drops an expired cart and removes the entry', () => {
    window.localStorage.setItem(SAMPLE_CART_STORAGE_KEY, JSON.stringify({ items: [{ ...door, qty: 1 }], expiresAt: clock - 1 }));
    const cart = newStore();
    disconnect = cart.disconnect;
    expect(cart.store.getState().items).toEqual([]);
    expect(window.localStorage.getItem(SAMPLE_CART_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['broken JSON', '{"items": ['],
    ['a bare array without expiry', JSON.stringify([{ ...door, qty: 1 }])],
    ['a missing expiry', JSON.stringify({ items: [{ ...door, qty: 1 }] })],
  ])('treats %s as an empty cart and removes the entry', (_label, raw) => {
    window.localStorage.setItem(SAMPLE_CART_STORAGE_KEY, raw);
    const cart = newStore();
    disconnect = cart.disconnect;
    expect(cart.store.getState().items).toEqual([]);
    expect(window.localStorage.getItem(SAMPLE_CART_STORAGE_KEY)).toBeNull();
  });

  it('keeps valid lines, drops lines without sku or finish, and caps a stored quantity at 1', () => {
    const raw = { items: [{ ...door, qty: 7 }, { name: 'no sku', qty: 1, finish: door.finish }, { ...door, sku: 'X', finish: {} }], expiresAt: clock + 1000 };
    window.localStorage.setItem(SAMPLE_CART_STORAGE_KEY, JSON.stringify(raw));
    const cart = newStore();
    disconnect = cart.disconnect;
    expect(cart.store.getState().items).toEqual([{ ...door, qty: 1 }]);
  });
});

describe('sample cart: following changes', () => {
  it('re-reads storage when selected-samples-updated fires', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    window.localStorage.setItem(SAMPLE_CART_STORAGE_KEY, JSON.stringify({ items: [{ ...door, qty: 1 }], expiresAt: clock + 1000 }));
    expect(cart.store.getState().items).toEqual([]);
    window.dispatchEvent(new Event(SAMPLE_CART_UPDATED_EVENT));
    expect(cart.store.getState().items).toHaveLength(1);
  });

  it('re-reads storage when another tab changes the key, and ignores other keys', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    window.localStorage.setItem(SAMPLE_CART_STORAGE_KEY, JSON.stringify({ items: [{ ...door, qty: 1 }], expiresAt: clock + 1000 }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(cart.store.getState().items).toEqual([]);
    window.dispatchEvent(new StorageEvent('storage', { key: SAMPLE_CART_STORAGE_KEY }));
    expect(cart.store.getState().items).toHaveLength(1);
  });

  it('keeps two stores (e.g. two remotes with their own copy) in step through the event', () => {
    const a = newStore();
    const b = newStore();
    disconnect = () => {
      a.disconnect();
      b.disconnect();
    };
    a.store.getState().addSample(door);
    expect(b.store.getState().items).toEqual([{ ...door, qty: 1 }]);
    b.store.getState().clearCart();
    expect(a.store.getState().items).toEqual([]);
  });

  it('an event that arrives after the expiry empties the cart', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    cart.store.getState().addSample(door);
    clock += SAMPLE_CART_EXPIRY_MS + 1;
    window.dispatchEvent(new Event(SAMPLE_CART_UPDATED_EVENT));
    expect(cart.store.getState().items).toEqual([]);
  });
});

describe('sample cart: actions', () => {
  it('adds a sample with quantity 1, stores it with a 24 hour expiry and fires the event', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    const heard = jest.fn();
    window.addEventListener(SAMPLE_CART_UPDATED_EVENT, heard);
    const result = cart.store.getState().addSample(door);
    window.removeEventListener(SAMPLE_CART_UPDATED_EVENT, heard);

    expect(result).toEqual({ ok: true, status: 'added', message: 'Item Shaker Snow White Sample Door has been successfully added.' });
    expect(stored()).toEqual({ items: [{ ...door, qty: 1 }], expiresAt: clock + 24 * 60 * 60 * 1000 });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('refuses a second unit of the same sku and finish with the spec message, quantity stays 1', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    cart.store.getState().addSample(door);
    const result = cart.store.getState().addSample(door);
    expect(result).toEqual({ ok: false, status: 'max-quantity', message: 'You can order maximum 1 quantity of item "Shaker Snow White Sample Door".' });
    expect(cart.store.getState().items).toEqual([{ ...door, qty: 1 }]);
  });

  it('treats the same sku in another finish as another line', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    cart.store.getState().addSample(door);
    const result = cart.store.getState().addSample({ ...door, finish: { type: 'color', value: 'dove-grey' } });
    expect(result.ok).toBe(true);
    expect(cart.store.getState().items).toHaveLength(2);
  });

  it('applies the quantity rule: non-numeric becomes 1, above 1 is refused with the spec message', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    expect(cart.store.getState().addSample({ ...door, qty: 'abc' }).status).toBe('added');
    const line = { sku: door.sku, finish: door.finish };
    expect(cart.store.getState().setQuantity(line, '3')).toMatchObject({ ok: false, message: 'You can order maximum 1 quantity of item "Shaker Snow White Sample Door".' });
    expect(cart.store.getState().setQuantity(line, 'x')).toEqual({ ok: true, status: 'updated', message: 'Item Shaker Snow White Sample Door has been successfully updated.' });
    expect(cart.store.getState().items[0]?.qty).toBe(1);
  });

  it('refreshes the expiry on every write', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    cart.store.getState().addSample(door);
    clock += 60_000;
    cart.store.getState().addSample({ ...door, sku: 'KLW-SAMPLE' });
    expect(stored()?.expiresAt).toBe(clock + SAMPLE_CART_EXPIRY_MS);
  });

  it('removes one line; removing the last one removes the entry', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    cart.store.getState().addSample(door);
    cart.store.getState().addSample({ ...door, sku: 'KLW-SAMPLE' });
    cart.store.getState().removeSample({ sku: door.sku, finish: door.finish });
    expect(stored()?.items.map((item) => item.sku)).toEqual(['KLW-SAMPLE']);
    cart.store.getState().removeSample({ sku: 'KLW-SAMPLE', finish: door.finish });
    expect(window.localStorage.getItem(SAMPLE_CART_STORAGE_KEY)).toBeNull();
  });

  it('clearCart removes the entry and fires the event', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    cart.store.getState().addSample(door);
    const heard = jest.fn();
    window.addEventListener(SAMPLE_CART_UPDATED_EVENT, heard);
    cart.store.getState().clearCart();
    window.removeEventListener(SAMPLE_CART_UPDATED_EVENT, heard);
    expect(window.localStorage.getItem(SAMPLE_CART_STORAGE_KEY)).toBeNull();
    expect(cart.store.getState().items).toEqual([]);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('adds on top of what another tab stored meanwhile instead of overwriting it', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    window.localStorage.setItem(SAMPLE_CART_STORAGE_KEY, JSON.stringify({ items: [{ ...door, sku: 'OTHER-TAB', qty: 1 }], expiresAt: clock + 1000 }));
    cart.store.getState().addSample(door);
    expect(stored()?.items.map((item) => item.sku)).toEqual(['OTHER-TAB', 'SSW-SAMPLE']);
  });
});

describe('sample cart: the count and lines cookies for the server', () => {
  /** cookie name -> value as the server reads it (URI-decoded) */
  const cookies = (): Record<string, string> =>
    Object.fromEntries(document.cookie.split('; ').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), decodeURIComponent(pair.slice(pair.indexOf('=') + 1))]));

  afterEach(() => {
    document.cookie = 'sf_sample_count=; Max-Age=0; Path=/';
    document.cookie = 'sf_sample_lines=; Max-Age=0; Path=/';
  });

  it('mirrors the number of samples and their lines after loading, adding and clearing (the browser default)', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    expect(cookies()).not.toHaveProperty('sf_sample_count');
    expect(cookies()).not.toHaveProperty('sf_sample_lines');
    cart.store.getState().addSample(door);
    expect(cookies()).toMatchObject({ sf_sample_count: '1', sf_sample_lines: JSON.stringify([[door.sku, door.finish.type, door.finish.value, 1]]) });
    cart.store.getState().addSample({ ...door, finish: { type: 'color', value: 'dove-grey' } });
    expect(cookies().sf_sample_count).toBe('2');
    // names, images and labels stay in localStorage: the cookie carries only what is priced
    expect(JSON.parse(cookies().sf_sample_lines!)).toEqual([
      [door.sku, door.finish.type, door.finish.value, 1],
      [door.sku, 'color', 'dove-grey', 1],
    ]);
    cart.store.getState().clearCart();
    expect(cookies()).not.toHaveProperty('sf_sample_count');
    expect(cookies()).not.toHaveProperty('sf_sample_lines');
  });

  it('leaves the lines cookie out when the cart is too long for one (the count stays)', () => {
    const cart = newStore();
    disconnect = cart.disconnect;
    for (let line = 0; line < 40; line += 1) cart.store.getState().addSample({ ...door, finish: { type: 'color', value: `a-rather-long-finish-name-number-${line}` } });
    expect(cookies().sf_sample_count).toBe('40');
    expect(cookies()).not.toHaveProperty('sf_sample_lines');
    // back under the limit, it is written again
    for (let line = 0; line < 35; line += 1) cart.store.getState().removeSample({ sku: door.sku, finish: { type: 'color', value: `a-rather-long-finish-name-number-${line}` } });
    expect(JSON.parse(cookies().sf_sample_lines!)).toHaveLength(5);
  });

  it('reports an expired cart as empty', () => {
    window.localStorage.setItem(SAMPLE_CART_STORAGE_KEY, JSON.stringify({ items: [{ ...door, qty: 1 }], expiresAt: clock - 1 }));
    const seen: number[] = [];
    const store = createSampleCartStore({ now, target: window, storage: () => window.localStorage, onItems: (items) => seen.push(items.length) });
    disconnect = store.connect();
    expect(seen).toEqual([0]);
  });
});
