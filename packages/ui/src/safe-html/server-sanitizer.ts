import { createHtmlSanitizer, type WindowLike } from '@storefront/html-sanitizer';
import { setServerSanitizer } from './sanitizers.js';

/**
 * DOMPurify needs a DOM, which Node lacks: the shell's server build hands it one (jsdom) at start-up,
 * so the server sanitises with the same library and rules (@storefront/html-sanitizer) as the browser.
 * An entry point of its own (@storefront/ui/server-sanitizer), so DOMPurify stays out of the kit's
 * browser bundle.
 */
export function setServerSanitizerWindow(window: WindowLike): void {
  setServerSanitizer(createHtmlSanitizer(window));
}
