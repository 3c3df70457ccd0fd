/** Stripe.js stand-in (filled in below). */
export const STRIPE_JS_PATH = '/v3/stripe.js';
export const STRIPE_ELEMENTS_FRAME_PATH = '/__stand-in/stripe/elements-frame';
export function stripeJsSource(base: string): string {
  return `/* Stripe.js stand-in */ window.__standInBase = ${JSON.stringify(base)};`;
}
export function elementsFrameHtml(): string {
  return '<!doctype html>';
}
