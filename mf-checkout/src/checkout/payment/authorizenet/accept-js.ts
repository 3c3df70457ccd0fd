import { PROVIDER_SCRIPT_TIMEOUT_MS } from '../provider-script.js';

/** What Accept.js answers dispatchData with (Authorize.Net's documented shape). */
export interface AcceptResponse {
  messages: { resultCode: 'Ok' | 'Error'; message: { code: string; text: string }[] };
  opaqueData?: { dataDescriptor: string; dataValue: string };
}

export interface AcceptSecureData {
  authData: { clientKey: string; apiLoginID: string };
  cardData: { cardNumber: string; month: string; year: string; cardCode: string };
}

/** `window.Accept`, as Authorize.Net's Accept.js defines it. */
export interface AcceptApi {
  dispatchData(secureData: AcceptSecureData, callback: (response: AcceptResponse) => void): void;
}

const loading = new Map<string, Promise<AcceptApi>>();

function acceptGlobal(): AcceptApi | undefined {
  const candidate = (window as unknown as { Accept?: Partial<AcceptApi> }).Accept;
  return candidate && typeof candidate.dispatchData === 'function' ? (candidate as AcceptApi) : undefined;
}

/**
 * Loads Accept.js from the method's config.acceptJsUrl (Authorize.Net's, or the stand-in's in
 * tests): once per URL, in the browser only. One object so tests can replace it (jsdom runs no
 * scripts). A failed load is forgotten, so Retry loads again.
 */
export const acceptScript = {
  load(url: string): Promise<AcceptApi> {
    const ready = acceptGlobal();
    if (ready) return Promise.resolve(ready);
    let promise = loading.get(url);
    if (!promise) {
      promise = new Promise<AcceptApi>((resolve, reject) => {
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
        // Accept.js is loaded with charset utf-8, as Authorize.Net documents
        script.charset = 'utf-8';
        script.addEventListener('load', () => {
          const api = acceptGlobal();
          if (!api) return fail(new Error(`${url} loaded but defined no Accept`));
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
