import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/** A form resolver that fetches its schema the first time the form is checked. */
export type LazyResolver<V extends FieldValues> = Resolver<V> & {
  /** start fetching now (when the page is idle), so the first check does not wait for it */
  preload(): void;
};

/**
 * The money pages validate with yup schemas, but a page's first load should not carry or evaluate
 * yup and the schemas (about 15 KiB brotli and tens of milliseconds of main thread on a phone, spent
 * before the shopper can touch anything). The resolver imports them on the first check (a blur, a
 * submit) or when `usePreloadWhenIdle` asks, whichever comes first. A failed import is not kept: the
 * next check tries again.
 */
export function lazyResolver<V extends FieldValues>(load: () => Promise<Resolver<V>>): LazyResolver<V> {
  let loading: Promise<Resolver<V>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<V> = async (values, context, options) => (await loaded())(values, context, options);
  return Object.assign(resolver, { preload: () => void loaded().catch(() => undefined) });
}

/** How long an idle callback may wait before it runs anyway. */
const IDLE_TIMEOUT_MS = 2000;

/** Preloads the resolver's schema once the page is idle after hydration (or after 2 s at most). */
export function usePreloadWhenIdle(resolver: LazyResolver<FieldValues> | { preload(): void }): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => resolver.preload(), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => resolver.preload(), IDLE_TIMEOUT_MS / 4);
    return () => window.clearTimeout(id);
  }, [resolver]);
}
