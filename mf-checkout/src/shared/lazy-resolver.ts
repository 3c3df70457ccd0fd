import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/** A form resolver that fetches its schema the first time the form is checked. */
export type LazyResolver<V extends FieldValues> = Resolver<V> & {
  /** start fetching now (the shopper has started on the page), so the first check does not wait for it */
  preload(): void;
};

/**
 * The money pages validate with yup schemas, but a page's first load should not carry or evaluate
 * yup and the schemas (about 15 KiB brotli and tens of milliseconds of main thread on a phone, spent
 * before the shopper can touch anything). The resolver imports them on the first check (a blur, a
 * submit) or when `usePreloadOnFirstInput` asks, whichever comes first. A failed import is not kept: the
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

/** What says the shopper has started on the page: the schema is fetched then, not during the load. */
const FIRST_INPUT_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * Preloads the resolver's schema when the shopper first focuses, presses or types anywhere on the
 * page: by the time a field is left or the form submitted, it is there. Preloading when the page
 * went idle instead put yup's evaluation among the load's long tasks (Lighthouse counts them until
 * the page is quiet). A submit that comes first simply waits for the import.
 */
export function usePreloadOnFirstInput(resolver: { preload(): void }): void {
  useEffect(() => {
    const preload = () => {
      for (const type of FIRST_INPUT_EVENTS) document.removeEventListener(type, preload, true);
      resolver.preload();
    };
    for (const type of FIRST_INPUT_EVENTS) document.addEventListener(type, preload, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INPUT_EVENTS) document.removeEventListener(type, preload, true);
    };
  }, [resolver]);
}
