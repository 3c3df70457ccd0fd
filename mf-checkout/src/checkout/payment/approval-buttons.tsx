import type { ComponentType } from 'react';
import type { PaymentMethod } from '@storefront/contracts';
import { lazyProviderComponent } from './lazy-provider.js';
import { isSandbox } from './payment-methods.js';

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

/** One lazy entry per provider whose buttons replace Submit: its browser library loads only when its method is chosen. */
const PROVIDER_APPROVAL_BUTTONS: Partial<Record<PaymentMethod['gateway'], ComponentType<ApprovalButtonsProps>>> = {
  paypal: lazyProviderComponent(() => import('./paypal/PayPalApprovalButtons.js'), 'Loading payment buttons…'),
};

/** The provider's buttons for a method on its real provider; undefined on the sandbox (its own "Pay with PayPal" redirect). */
export function approvalButtonsFor(method: PaymentMethod): ComponentType<ApprovalButtonsProps> | undefined {
  if (isSandbox(method)) return undefined;
  return PROVIDER_APPROVAL_BUTTONS[method.gateway];
}
