/**
 * Leaving the app for a payment provider (3-D Secure challenge, PayPal approval). One object so tests
 * can watch the call: jsdom cannot navigate.
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
