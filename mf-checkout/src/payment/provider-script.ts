import { SANDBOX_PAY_GLOBAL, type SandboxPayApi } from '@storefront/contracts';

/** How long the provider script may take to load before the card area shows its error. */
export const PROVIDER_SCRIPT_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<unknown>>();

/**
 * Puts a provider's browser script on the page and answers the global it defines (window.SandboxPay,
 * window.Accept, window.Stripe): once per URL, in the browser only, bounded by
 * PROVIDER_SCRIPT_TIMEOUT_MS. A global already there is answered at once; a failed load is
 * forgotten (its tag removed), so a Retry loads again.
 */
export function loadProviderScript<T>(url: string, name: string, readGlobal: () => T | undefined, attributes: { charset?: string } = {}): Promise<T> {
  const ready = readGlobal();
  if (ready) return Promise.resolve(ready);
  let promise = loading.get(url) as Promise<T> | undefined;
  if (!promise) {
    promise = new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      const fail = (error: Error) => {
        window.clearTimeout(timer);
        loading.delete(url);
        script.remove();
        reject(error);
      };
      const timer = window.setTimeout(() => fail(new Error(`${url} did not load within ${PROVIDER_SCRIPT_TIMEOUT_MS} ms`)), PROVIDER_SCRIPT_TIMEOUT_MS);
      script.src = url;
      script.async = true;
      if (attributes.charset) script.charset = attributes.charset;
      script.addEventListener('load', () => {
        const api = readGlobal();
        if (!api) return fail(new Error(`${url} loaded but defined no ${name}`));
        window.clearTimeout(timer);
        resolve(api);
      });
      script.addEventListener('error', () => fail(new Error(`${url} could not be loaded`)));
      document.head.appendChild(script);
    });
    loading.set(url, promise);
  }
  return promise;
}

function sandboxPayGlobal(): SandboxPayApi | undefined {
  return (window as unknown as Partial<Record<string, SandboxPayApi>>)[SANDBOX_PAY_GLOBAL];
}

/**
 * Loading the sandbox's hosted fields script (as Stripe.js would be), after hydration. One object so
 * tests can replace it (jsdom runs no scripts).
 */
export const providerScripts = {
  loadSandboxPay(url: string): Promise<SandboxPayApi> {
    return loadProviderScript(url, SANDBOX_PAY_GLOBAL, sandboxPayGlobal);
  },
};
