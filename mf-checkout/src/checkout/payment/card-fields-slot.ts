import { useMemo } from 'react';
import type { CardFieldsHandle } from './card-fields.js';
import { PROVIDER_SCRIPT_TIMEOUT_MS } from './provider-script.js';

/**
 * The card area's fields as the checkout holds them, and a wait for them. The provider's fields (the
 * sandbox's hosted frame, Stripe's elements) come only after hydration, once the provider's script
 * has loaded, seconds later on a phone; a Submit pressed before then (at first sight, caught by the
 * head's early-events script and replayed, or while 'Loading secure card fields…') is a press on a
 * form whose card cannot be asked for yet. It waits for the fields instead of answering that the
 * provider is not ready, and is judged when they are there.
 */
export interface CardFieldsSlot {
  /** the mounted fields, or null */
  current(): CardFieldsHandle | null;
  /** the card fields' onElement: mounted (the element), or gone or failed (null) */
  set(element: CardFieldsHandle | null): void;
  /** a card method's fields are on their way (first render, another method chosen): until they answer, ready() waits */
  expect(): void;
  /** the fields once they have answered (at once if they have): the element, or null if they failed, went, or took longer than `timeoutMs` */
  ready(): Promise<CardFieldsHandle | null>;
}

export function cardFieldsSlot(timeoutMs = PROVIDER_SCRIPT_TIMEOUT_MS): CardFieldsSlot {
  let element: CardFieldsHandle | null = null;
  let answered = false;
  const waiting: ((element: CardFieldsHandle | null) => void)[] = [];
  return {
    current: () => element,
    set(next) {
      element = next;
      answered = true;
      for (const resolve of waiting.splice(0)) resolve(next);
    },
    expect() {
      if (!element) answered = false;
    },
    ready() {
      if (answered || element) return Promise.resolve(element);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(element), timeoutMs);
        waiting.push((next) => {
          clearTimeout(timer);
          resolve(next);
        });
      });
    },
  };
}

/** One slot for the life of the form. */
export function useCardFieldsSlot(): CardFieldsSlot {
  return useMemo(() => cardFieldsSlot(), []);
}
