import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CardFieldsHandle } from './provider-props.js';
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
  /** a card method's fields are on their way (first render, another method chosen, a Retry): until they answer, ready() waits */
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

/**
 * A card form's press that comes before its card fields, as every form that takes a card keeps it
 * (the checkout, the quote payment and split-payment pages). Our reading: the card can
 * only be typed into the provider's fields, which come after hydration, so such a press (at first
 * sight, caught before hydration and replayed once the form is live; while 'Loading secure card
 * fields…', or while a Retry reloads them) cannot carry a card. It is kept, the button busy, until the
 * fields are there; then the form is judged again as it is then (what was typed before hydration is
 * the form's: typed-before-hydration.ts), and the empty fields ask for the card and take the shopper
 * there, creating nothing. The payment is made by the press made with a card in the fields, once (we
 * never pay on our own the moment the card looks complete: a payment is confirmed by the shopper,
 * and a half-typed or mistyped card must not be charged).
 */
export interface CardSubmitWait {
  /** the fields: the card fields' onElement (`slot.set`) and onLoading (`slot.expect`), and what the tokenizer reads */
  slot: CardFieldsSlot;
  /** a press is kept for the fields: the submit button shows it is busy */
  waiting: boolean;
  /**
   * Before paying with a card whose fields are not there (`!slot.current()`: asked first, at once, so
   * a press with the fields there pays without a pause in which a second press could slip past the
   * form's busy flag): the press is kept (`busy` held, so a second press is ignored) until the
   * fields answer. Then true, the caller stops: `judgeAgain` has run if the fields came while
   * `stillChosen()` (the shopper did not move to another method), or nothing, if the shopper moved
   * on. False when no fields came (failed, or too slow): the press goes on, and the tokenizer says
   * the provider is not ready.
   */
  keptForFields(stillChosen: () => boolean, judgeAgain: () => Promise<void>): Promise<boolean>;
}

/**
 * The form's card fields and its early press. `fieldsKey`: the card method whose fields are shown
 * (its key; '' for none): each new one is waited for from its first render, before its (lazily
 * loaded) fields can say they are loading. `busy`: the form's own "paying" flag, held while a press waits.
 */
export function useCardSubmitWait(fieldsKey: string, busy: { current: boolean }): CardSubmitWait {
  const slot = useCardFieldsSlot();
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (fieldsKey) slot.expect();
  }, [fieldsKey, slot]);
  const keptForFields = useCallback(
    async (stillChosen: () => boolean, judgeAgain: () => Promise<void>) => {
      busy.current = true;
      setWaiting(true);
      const element = await slot.ready();
      busy.current = false;
      setWaiting(false);
      // another method chosen meanwhile: this press was for the card, and the shopper moved on
      if (!stillChosen()) return true;
      if (!element) return false;
      await judgeAgain();
      return true;
    },
    [slot, busy],
  );
  return { slot, waiting, keptForFields };
}
