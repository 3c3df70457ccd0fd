import type { PaymentMethod, SandboxCardElement } from '@storefront/contracts';

// What a provider's lazily loaded components (its card fields, its pay buttons) are handed. The
// props live apart from the lists that load the components, so a provider's module never imports
// the module that loads it.

/**
 * The card fields of any provider, as the checkout holds them: they validate and tokenise the card
 * in the provider's own fields (the number never reaches our form or servers), and can take focus,
 * be emptied and be removed. The sandbox's frame already answers this way; each real provider's
 * fields wrap its script (Stripe Elements, Accept.js) to answer the same.
 */
export interface CardFieldsHandle extends SandboxCardElement {
  /**
   * Fields that collect the payment details and confirm the payment themselves (Stripe's Payment
   * Element): `tokenize` only checks them and answers an empty token, and once the payments service
   * has created the payment (nextAction confirm) this confirms it in the provider's script with the
   * client secret. The page then leaves for the provider's return page; a refusal resolves with its message.
   */
  confirm?(clientSecret: string): Promise<{ error: string }>;
}

export interface CardFieldsProps {
  method: PaymentMethod;
  /** what the order will cost, in cents (fields that show the amount or need it up front: Stripe's Payment Element) */
  amount?: number;
  /** the mounted fields, or null while there are none (loading, failed, unmounted) */
  onElement(element: CardFieldsHandle | null): void;
  /**
   * The fields are (re)loading: their script is asked for at first, and again on Retry after it
   * failed. A submit pressed meanwhile waits for them (card-fields-slot.ts); without this a press
   * during a Retry's reload met the failure's answer and was told the provider is not ready.
   */
  onLoading?(): void;
  /** Enter pressed in the fields */
  onSubmit?(): void;
}

/**
 * A provider's own pay buttons for a method the shopper approves on the provider's page (PayPal's
 * buttons): they replace the form's Submit button. The checkout hands them the one way to start
 * the payment (the same placeOrder path as Submit) and hears back, in neutral words, what the
 * shopper did in the provider's window.
 */
export interface ApprovalButtonsProps {
  method: PaymentMethod;
  disabled: boolean;
  /**
   * Validates the form, saves the order and starts the attempt: the provider's payment id for the
   * buttons, or null when nothing was started (the checkout has already said why).
   */
  startPayment(): Promise<string | null>;
  /** The shopper approved in the provider's window: continue as the provider's redirect would. */
  onApproved(paymentId: string, payerId: string | null): void;
  /** The shopper closed or canceled the provider's window: they stay at the checkout, the order retained. */
  onCanceled(): void;
  /** The provider's script or window failed; `message` is the one to show. */
  onFailed(message: string): void;
}
