import type { ComponentType } from 'react';
import type { PaymentMethod } from '@storefront/contracts';
import { lazyProviderComponent } from './lazy-provider.js';
import { isSandbox } from './payment-methods.js';
import type { ApprovalButtonsProps } from './provider-props.js';

export type { ApprovalButtonsProps } from './provider-props.js';

/** One lazy entry per provider whose buttons replace Submit: its browser library loads only when its method is chosen. */
const PROVIDER_APPROVAL_BUTTONS: Partial<Record<PaymentMethod['gateway'], ComponentType<ApprovalButtonsProps>>> = {
  paypal: lazyProviderComponent(() => import('./paypal/PayPalApprovalButtons.js'), 'Loading payment buttons…'),
};

/** The provider's buttons for a method on its real provider; undefined on the sandbox (its own "Pay with PayPal" redirect). */
export function approvalButtonsFor(method: PaymentMethod): ComponentType<ApprovalButtonsProps> | undefined {
  if (isSandbox(method)) return undefined;
  return PROVIDER_APPROVAL_BUTTONS[method.gateway];
}
