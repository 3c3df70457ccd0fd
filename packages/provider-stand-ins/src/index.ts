/**
 * Local stand-ins for the payment providers (and reCAPTCHA's siteverify) we cannot reach from tests (no internet): each is a
 * small HTTP server that the provider's real SDK (pointed at it through its host or base-URL
 * option) and the browser (its hosted-fields script) talk to. Each checks what the provider checks
 * (method, path, authentication, idempotency, amounts in the provider's unit) and answers with the
 * provider's documented shapes. One folder per provider. Test-only: nothing in production imports it.
 */
export * from './http.js';
export { startPayPalStandIn, crc32, type PayPalStandIn, type PayPalStandInOptions, type PayerChoice } from './paypal/paypal-stand-in.js';
export type { StandInOrder, StandInRefund } from './paypal/paypal-order.js';
export { startAuthorizeNetStandIn, AUTHORIZENET_STAND_IN_CREDENTIALS, type AuthorizeNetStandIn, type StandInTransaction } from './authorizenet/authorizenet-stand-in.js';
export { AUTHORIZENET_STAND_IN_CARDS, AUTHORIZENET_DECLINE_ZIP, type AuthorizeNetOutcome } from './authorizenet/cards.js';
export * from './stripe/index.js';
export {
  RECAPTCHA_SITEVERIFY_PATH,
  RECAPTCHA_STAND_IN_TOKEN_PREFIX,
  recaptchaStandInToken,
  startRecaptchaStandIn,
  type RecaptchaStandIn,
  type RecaptchaStandInOptions,
} from './recaptcha/recaptcha-stand-in.js';
