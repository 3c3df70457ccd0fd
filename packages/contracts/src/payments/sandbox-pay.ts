/**
 * The sandbox card provider's public face (`@storefront/contracts/sandbox-pay`): its test cards and
 * the browser API of its hosted fields script. Nothing here imports anything, so the hosted fields'
 * own bundle (built by the payments service) carries this module and no more of contracts.
 */

/**
 * Sandbox test cards (README "Sandbox payments"): Stripe's published numbers for success, decline and
 * 3-D Secure, plus two of ours (Luhn-valid, not in Stripe's list) for a pending and a held payment.
 * Any other valid card number completes. The one list: the hosted fields frame reads the outcome a
 * number selects from it, and the tests pay with these numbers.
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAuthentication: '4000002500003155',
  /** stays 'processing' -> payment pending, order pending_payment */
  pending: '4000000000001703',
  /** held for review -> payment on_hold, order pending_payment */
  onHold: '4000000000002701',
  /**
   * pays, but the sandbox answers only after SANDBOX_SLOW_MS (default 30 s), past the payments
   * service's PAYMENTS_GATEWAY_TIMEOUT_MS (default 20 s): the outcome is unknown until reconciliation
   */
  slow: '4000000000000259',
} as const;

/** What a sandbox card number makes the payment do. */
export type SandboxOutcome = keyof typeof SANDBOX_TEST_CARDS;
export const SANDBOX_OUTCOMES = Object.keys(SANDBOX_TEST_CARDS) as SandboxOutcome[];

/** The window global the hosted fields script defines (as Stripe.js defines `Stripe`). */
export const SANDBOX_PAY_GLOBAL = 'SandboxPay';

/**
 * Which fields the frame shows: `hosted` the card elements (number, expiry MM / YY, CVC: spec 5
 * "Hosted card elements"), `direct` the Authorize-style entry (number, month, year, CVV: spec 5
 * "Direct card entry").
 */
export type SandboxCardLayout = 'hosted' | 'direct';
export const SANDBOX_CARD_LAYOUTS: readonly SandboxCardLayout[] = ['hosted', 'direct'];

/** What the frame says while the shopper types: never the number, only whether it is complete. */
export interface SandboxCardChange {
  /** every field holds a valid value */
  complete: boolean;
  /** nothing entered at all */
  empty: boolean;
  /** 'visa', 'mastercard', 'amex', 'discover' or 'card' once the number says, else null */
  brand: string | null;
}

/** A card the frame tokenised: the token to confirm the payment with, and what a receipt shows. */
export interface SandboxTokenized {
  token: string;
  card: { brand: string; last4: string };
}

/** The fields the frame refused (it shows the messages itself): the first one, to say why. */
export interface SandboxTokenizeError {
  error: { field: string; message: string };
}

export type SandboxTokenizeResult = SandboxTokenized | SandboxTokenizeError;

export interface SandboxMountOptions {
  layout: SandboxCardLayout;
  /** the frame is loaded and its fields can be used */
  onReady?: () => void;
  onChange?: (change: SandboxCardChange) => void;
  /** the shopper pressed Enter in a field: the page may submit its form */
  onSubmit?: () => void;
  /** the frame did not start (its page could not be loaded) */
  onError?: (error: Error) => void;
}

/** One mounted frame. */
export interface SandboxCardElement {
  /** validates the fields in the frame and, when they hold a card, tokenises it there */
  tokenize(): Promise<SandboxTokenizeResult>;
  /** moves focus into the frame: its first invalid field, else its first field */
  focus(): void;
  /** empties the fields and their messages (the page's form was reset) */
  clear(): void;
  /** removes the frame and stops listening to it */
  destroy(): void;
}

/** `window.SandboxPay`. */
export interface SandboxPayApi {
  mount(container: HTMLElement, options: SandboxMountOptions): SandboxCardElement;
}
