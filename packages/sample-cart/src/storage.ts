import {
  SAMPLE_CART_EXPIRY_HOURS,
  SAMPLE_CART_STORAGE_KEY,
  SAMPLE_MAX_QTY,
  isPlainObject,
  normaliseQuantity,
  type SampleFinish,
  type SelectedSample,
  type StoredSampleCart,
} from '@storefront/contracts';

export const SAMPLE_CART_EXPIRY_MS = SAMPLE_CART_EXPIRY_HOURS * 60 * 60 * 1000;

/** Why a read gave what it gave; 'expired' and 'corrupt' entries are removed by the reader. */
export type StoredCartStatus = 'ok' | 'absent' | 'expired' | 'corrupt' | 'unavailable';

export interface StoredCartRead {
  items: SelectedSample[];
  status: StoredCartStatus;
}


function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function parseFinish(value: unknown): SampleFinish | null {
  if (!isPlainObject(value) || !nonEmptyString(value.type) || !nonEmptyString(value.value)) return null;
  const finish: SampleFinish = { type: value.type, value: value.value };
  if (typeof value.label === 'string') finish.label = value.label;
  if (typeof value.image === 'string') finish.image = value.image;
  return finish;
}

/** One stored line, or null when it lacks what the cart needs (sku, name, finish type/value). */
export function parseSample(value: unknown): SelectedSample | null {
  if (!isPlainObject(value) || !nonEmptyString(value.sku) || !nonEmptyString(value.name)) return null;
  const finish = parseFinish(value.finish);
  if (!finish) return null;
  // Quantities written by hand or by an older build are brought back inside the spec's rule.
  const sample: SelectedSample = {
    sku: value.sku,
    name: value.name,
    qty: Math.min(normaliseQuantity(value.qty), SAMPLE_MAX_QTY),
    finish,
  };
  if (typeof value.styleName === 'string') sample.styleName = value.styleName;
  if (typeof value.styleTitle === 'string') sample.styleTitle = value.styleTitle;
  if (isPlainObject(value.image) && typeof value.image.src === 'string') {
    sample.image = { src: value.image.src, altText: typeof value.image.altText === 'string' ? value.image.altText : '' };
  }
  return sample;
}

/**
 * Only `{ items, expiresAt }` is accepted. A bare array (a guessed "legacy" shape) is treated as
 * corrupt on purpose: nothing of ours ever wrote one, and it carries no expiry, so accepting it with a
 * fresh expiry would let an abandoned cart of any age come back for another 24 hours — the opposite
 * of the spec's expiry rule. Losing such a cart costs a shopper a re-click on a free sample.
 */
export function parseStoredCart(raw: string, now: number): StoredCartRead {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { items: [], status: 'corrupt' };
  }
  if (!isPlainObject(value) || !Array.isArray(value.items) || typeof value.expiresAt !== 'number' || !Number.isFinite(value.expiresAt)) {
    return { items: [], status: 'corrupt' };
  }
  if (value.expiresAt <= now) return { items: [], status: 'expired' };
  const items = value.items.map(parseSample).filter((item): item is SelectedSample => item !== null);
  return { items, status: 'ok' };
}

/** Reads the cart; expired or corrupt entries are removed so every reader sees an empty cart. */
export function readStoredCart(storage: Storage | null, now: number): StoredCartRead {
  if (!storage) return { items: [], status: 'unavailable' };
  let raw: string | null;
  try {
    raw = storage.getItem(SAMPLE_CART_STORAGE_KEY);
  } catch {
    // Storage can throw when the browser blocks it; the cart then lives for this page only.
    return { items: [], status: 'unavailable' };
  }
  if (raw === null) return { items: [], status: 'absent' };
  const read = parseStoredCart(raw, now);
  if (read.status === 'expired' || read.status === 'corrupt') removeStoredCart(storage);
  return read;
}

/** Writes the items with a fresh expiry; an empty cart removes the entry instead. */
export function writeStoredCart(storage: Storage | null, items: SelectedSample[], now: number): void {
  if (!storage) return;
  if (items.length === 0) {
    removeStoredCart(storage);
    return;
  }
  const stored: StoredSampleCart = { items, expiresAt: now + SAMPLE_CART_EXPIRY_MS };
  try {
    storage.setItem(SAMPLE_CART_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Quota or privacy mode: the in-memory cart still works for this page.
  }
}

export function removeStoredCart(storage: Storage | null): void {
  try {
    storage?.removeItem(SAMPLE_CART_STORAGE_KEY);
  } catch {
    // see writeStoredCart
  }
}
