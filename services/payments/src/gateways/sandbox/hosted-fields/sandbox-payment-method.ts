import { apiUrl, paymentRoutes, type PaymentMethod } from '@storefront/contracts';

/** Where the browser loads the sandbox's hosted fields from. */
export const SANDBOX_SCRIPT_URL = apiUrl(paymentRoutes.sandboxHostedFieldsScript);

/**
 * A payment method whose gateway runs on the sandbox, as the browser gets it: marked `sandbox`, and a
 * card method's `config.scriptUrl` is the sandbox's hosted fields script, where a real provider's
 * method would name Stripe.js or Accept.js. (PayPal on the sandbox has its approval page instead.)
 */
export function sandboxPaymentMethod(method: PaymentMethod): PaymentMethod {
  if (method.gateway === 'paypal') return { ...method, sandbox: true };
  return { ...method, sandbox: true, config: { ...method.config, scriptUrl: SANDBOX_SCRIPT_URL } };
}
