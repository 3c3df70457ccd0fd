import { createStore, type StoreApi } from 'zustand/vanilla';
import { SAMPLE_CART_STORAGE_KEY, SAMPLE_CART_UPDATED_EVENT, SAMPLE_MAX_QTY, normaliseQuantity, type SelectedSample } from '@storefront/contracts';
import { sampleCartMessages } from './messages.js';
import { writeCartCookies } from './cart-cookies.js';
import { readStoredCart, removeStoredCart, writeStoredCart } from './storage.js';

/** A cart line is one sample sku in one finish: the same door in two colours is two lines. */
export interface SampleLineKey {
  sku: string;
  finish: { type: string; value: string };
}

/** What the style page hands to the cart; qty is whatever the shopper typed (the rule normalises it). */
export type NewSample = Omit<SelectedSample, 'qty'> & { qty?: unknown };

/** Something the UI can show as-is: ok false means nothing changed. */
export interface SampleCartResult {
  ok: boolean;
  status: 'added' | 'updated' | 'max-quantity' | 'not-in-cart';
  message: string;
}

export interface SampleCartState {
  items: SelectedSample[];
  /** false until localStorage has been read once (the checkout shows 'Loading cart...' meanwhile) */
  hydrated: boolean;
  addSample(sample: NewSample): SampleCartResult;
  setQuantity(line: SampleLineKey, qty: unknown): SampleCartResult;
  removeSample(line: SampleLineKey): void;
  clearCart(): void;
  /** Re-reads localStorage (what the event listeners call). */
  reload(): void;
}

export type SampleCartStore = StoreApi<SampleCartState>;

export interface SampleCartOptions {
  storage?: () => Storage | null;
  /** where the update event is fired and listened for (window in the browser) */
  target?: EventTarget | null;
  now?: () => number;
  /** read storage and listen for events at once (the browser singleton does) */
  connect?: boolean;
  /** told the items after every read and write (default: the count and lines cookies, writeCartCookies) */
  onItems?: (items: readonly SelectedSample[]) => void;
}

export function sameLine(a: SampleLineKey, b: SampleLineKey): boolean {
  return a.sku === b.sku && a.finish.type === b.finish.type && a.finish.value === b.finish.value;
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function createSampleCartStore(options: SampleCartOptions = {}): SampleCartStore & { connect(): () => void } {
  const storage = options.storage ?? browserStorage;
  const target = options.target === undefined ? (typeof window === 'undefined' ? null : window) : options.target;
  const now = options.now ?? Date.now;
  const onItems = options.onItems ?? writeCartCookies;

  const store = createStore<SampleCartState>()((set, get) => {
    /** Other tabs and remotes may have written since we last looked: always start from storage. */
    const current = (): SelectedSample[] => {
      get().reload();
      return get().items;
    };

    /** Every write refreshes the expiry and tells every listener (other remotes, the header badge). */
    const commit = (items: SelectedSample[]): void => {
      writeStoredCart(storage(), items, now());
      onItems(items);
      set({ items, hydrated: true });
      target?.dispatchEvent(new Event(SAMPLE_CART_UPDATED_EVENT));
    };

    return {
      items: [],
      hydrated: false,

      reload() {
        const { items } = readStoredCart(storage(), now());
        onItems(items);
        // Same content -> keep the old array so subscribers do not re-render on our own event.
        const unchanged = get().hydrated && JSON.stringify(items) === JSON.stringify(get().items);
        if (!unchanged) set({ items, hydrated: true });
      },

      addSample(sample) {
        const items = current();
        const requested = normaliseQuantity(sample.qty ?? 1);
        const existing = items.find((item) => sameLine(item, sample));
        const wanted = (existing?.qty ?? 0) + requested;
        if (wanted > SAMPLE_MAX_QTY) {
          return { ok: false, status: 'max-quantity', message: sampleCartMessages.maxQuantity(sample.name, SAMPLE_MAX_QTY) };
        }
        if (existing) {
          commit(items.map((item) => (item === existing ? { ...item, ...sample, qty: wanted } : item)));
          return { ok: true, status: 'updated', message: sampleCartMessages.updated(sample.name) };
        }
        commit([...items, { ...sample, qty: wanted }]);
        return { ok: true, status: 'added', message: sampleCartMessages.added(sample.name) };
      },

      setQuantity(line, qty) {
        const items = current();
        const existing = items.find((item) => sameLine(item, line));
        if (!existing) return { ok: false, status: 'not-in-cart', message: 'This sample is no longer in your cart.' };
        const wanted = normaliseQuantity(qty);
        if (wanted > SAMPLE_MAX_QTY) {
          return { ok: false, status: 'max-quantity', message: sampleCartMessages.maxQuantity(existing.name, SAMPLE_MAX_QTY) };
        }
        commit(items.map((item) => (item === existing ? { ...item, qty: wanted } : item)));
        return { ok: true, status: 'updated', message: sampleCartMessages.updated(existing.name) };
      },

      removeSample(line) {
        commit(current().filter((item) => !sameLine(item, line)));
      },

      clearCart() {
        // The spec: cleared by removing the entry and firing the event.
        removeStoredCart(storage());
        onItems([]);
        set({ items: [], hydrated: true });
        target?.dispatchEvent(new Event(SAMPLE_CART_UPDATED_EVENT));
      },
    };
  });

  /** Loads the cart and follows changes from this page (our event) and other tabs (storage event). */
  function connect(): () => void {
    store.getState().reload();
    if (!target) return () => undefined;
    const onUpdated = () => store.getState().reload();
    const onStorage = (event: Event) => {
      const key = (event as StorageEvent).key;
      // key null means another tab called localStorage.clear()
      if (key === SAMPLE_CART_STORAGE_KEY || key === null) store.getState().reload();
    };
    target.addEventListener(SAMPLE_CART_UPDATED_EVENT, onUpdated);
    target.addEventListener('storage', onStorage);
    return () => {
      target.removeEventListener(SAMPLE_CART_UPDATED_EVENT, onUpdated);
      target.removeEventListener('storage', onStorage);
    };
  }

  if (options.connect) connect();
  return Object.assign(store, { connect });
}
