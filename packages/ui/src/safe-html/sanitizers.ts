import type { HtmlSanitizer } from '@storefront/html-sanitizer';

/**
 * Where SafeHtml gets DOMPurify. On the server it is there from start-up (the shell's server hands it
 * a jsdom window through @storefront/ui/server-sanitizer). In the browser it is loaded only when some
 * HTML has to be sanitised there: HTML the server rendered is already clean in the page and is hydrated
 * as it is, so a page's first load carries no sanitiser (~10 KiB brotli).
 */
let serverSanitizer: HtmlSanitizer | null = null;
let browserSanitizer: HtmlSanitizer | null = null;
let browserSanitizerLoad: Promise<HtmlSanitizer> | null = null;

export function setServerSanitizer(sanitizer: HtmlSanitizer): void {
  serverSanitizer = sanitizer;
}

/** The sanitiser this side already has, or null in a browser that has not loaded it yet. */
export function readySanitizer(): HtmlSanitizer | null {
  if (typeof window === 'undefined') {
    // Never render unsanitised HTML: without a DOM the area is left to the browser instead.
    if (!serverSanitizer) throw new Error('No DOM to sanitise HTML with on the server (setServerSanitizerWindow was not called)');
    return serverSanitizer;
  }
  return browserSanitizer;
}

/** Loads DOMPurify in the browser once; every SafeHtml waiting for it gets the same one. */
export function loadBrowserSanitizer(): Promise<HtmlSanitizer> {
  browserSanitizerLoad ??= import('@storefront/html-sanitizer').then(({ createHtmlSanitizer }) => {
    browserSanitizer = createHtmlSanitizer(window);
    return browserSanitizer;
  });
  return browserSanitizerLoad;
}
