import { useRef, useState } from 'react';
import { PAYMENT_MESSAGES } from '@storefront/contracts';
import { useNavigate } from '@storefront/ui';
import type { TransientMessage } from '../shared/useTransientMessage.js';
import { browserNavigation } from './browser-navigation.js';
import type { PlaceOrderOutcome } from './pay-order.js';
import type { CardFieldsHandle } from './provider-props.js';

export type PaidOutcome = Extract<PlaceOrderOutcome, { kind: 'success' }>;

/** What a page does around one payment; the hook does the rest the same way on every page. */
export interface PaymentSteps {
  /** saves what the page saves (the order, at checkout) and starts the payment */
  start(): Promise<PlaceOrderOutcome>;
  /** paid (or pending): the page finishes; 'stay' keeps the form usable */
  onPaid(outcome: PaidOutcome): 'leaving' | 'stay' | Promise<'leaving' | 'stay'>;
  /** the mounted card fields, focused when the provider refused the card (they show why) */
  cardFields(): CardFieldsHandle | null;
  /** about to leave for the provider's page (or its window): keep what the verify page needs */
  beforeRedirect?(): void;
  /** the server named fields it refused */
  onInvalid?(fieldErrors: Record<string, string>): void;
}

export interface PaymentBanner {
  show(message: TransientMessage): void;
  clear(): void;
}

/**
 * One payment from a page's form: the checkout, a quote's payment and a split payment all pay this
 * way. While it runs the form is busy (`placing`, and `placingRef` for handlers that must ignore a
 * second press at once); a paid answer goes to the page, a redirect leaves for the provider's page,
 * a refused card goes back to the card fields and anything else is said in the page's banner.
 */
export function usePayOrder(banner: PaymentBanner) {
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);
  const placingRef = useRef(false);

  function hold() {
    placingRef.current = true;
    setPlacing(true);
  }

  /**
   * `approval`: started by the provider's own buttons (PayPal's), which open the provider's window
   * themselves with the payment id the answer names, so a redirect answer does not leave the page.
   */
  async function run(steps: PaymentSteps, approval: boolean): Promise<PlaceOrderOutcome | null> {
    hold();
    banner.clear();
    let leaving = false;
    try {
      const outcome = await steps.start();
      if (outcome.kind === 'success') {
        leaving = (await steps.onPaid(outcome)) === 'leaving';
      } else if (outcome.kind === 'redirect') {
        if (!approval) {
          leaving = true; // the overlay stays up until the provider's page replaces this one
          steps.beforeRedirect?.();
          browserNavigation.assign(outcome.url);
        }
      } else if (outcome.kind === 'card-invalid') {
        steps.cardFields()?.focus();
      } else {
        if (outcome.kind === 'invalid') steps.onInvalid?.(outcome.fieldErrors);
        banner.show({ type: 'error', text: outcome.message });
      }
      return outcome;
    } catch {
      banner.show({ type: 'error', text: PAYMENT_MESSAGES.failed });
      return null;
    } finally {
      if (!leaving) {
        placingRef.current = false;
        setPlacing(false);
      }
    }
  }

  return {
    placing,
    placingRef,
    /** Submit (or Pay): one payment, leaving for the provider's page when it asks. */
    pay: async (steps: PaymentSteps): Promise<void> => {
      await run(steps, false);
    },
    /** The provider's own buttons: the provider's payment id they open, or null (the banner has said why). */
    startApproval: async (steps: PaymentSteps): Promise<string | null> => {
      const outcome = await run(steps, true);
      if (outcome?.kind === 'redirect' && outcome.paymentId) {
        steps.beforeRedirect?.();
        return outcome.paymentId;
      }
      if (outcome?.kind === 'redirect') banner.show({ type: 'error', text: PAYMENT_MESSAGES.paypalCreateFailed });
      return null;
    },
    /** Approved in the provider's window: on to the return page its redirect would have opened (it captures the payment). */
    continueApproved: (methodName: string, paymentId: string, payerId: string | null) => {
      const query = new URLSearchParams({ token: paymentId, ...(payerId ? { PayerID: payerId } : {}) });
      hold();
      navigate(`/payment/${encodeURIComponent(methodName)}/verify?${query.toString()}`);
    },
  };
}
