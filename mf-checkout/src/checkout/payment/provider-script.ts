import { SANDBOX_PAY_GLOBAL, type SandboxPayApi } from '@storefront/contracts';

/** How long the provider script may take to load before the card area shows its error. */
export const PROVIDER_SCRIPT_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<SandboxPayApi>>();

function sandboxPayGlobal(): SandboxPayApi | undefined {
  return (window as unknown as Partial<Record<string, SandboxPayApi>>)[SANDBOX_PAY_GLOBAL];
}

/**
 * Loading a card provider's script into the page (the sandbox's hosted fields, as Stripe.js would
 * be): once per URL, in the browser only, after hydration. One object so tests can replace it (jsdom
 * runs no scripts). A failed load is forgotten, so a retry loads again.
 */
export const providerScripts = {
  loadSandboxPay(url: string): Promise<SandboxPayApi> {
    const ready = sandboxPayGlobal();
    if (ready) return Promise.resolve(ready);
    let promise = loading.get(url);
    if (!promise) {
      promise = new Promise<SandboxPayApi>((resolve, reject) => {
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
        script.addEventListener('load', () => {
          const api = sandboxPayGlobal();
          if (!api) return fail(new Error(`${url} loaded but defined no ${SANDBOX_PAY_GLOBAL}`));
          window.clearTimeout(timer);
          resolve(api);
        });
        script.addEventListener('error', () => fail(new Error(`${url} could not be loaded`)));
        document.head.appendChild(script);
      });
      loading.set(url, promise);
    }
    return promise;
  },
};
