import { loadProviderScript } from '../provider-script.js';

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

function acceptGlobal(): AcceptApi | undefined {
  const candidate = (window as unknown as { Accept?: Partial<AcceptApi> }).Accept;
  return candidate && typeof candidate.dispatchData === 'function' ? (candidate as AcceptApi) : undefined;
}

/**
 * Loads Accept.js from the method's config.acceptJsUrl (Authorize.Net's, or the stand-in's in
 * tests). One object so tests can replace it (jsdom runs no scripts).
 */
export const acceptScript = {
  load(url: string): Promise<AcceptApi> {
    // Accept.js is loaded with charset utf-8, as Authorize.Net documents
    return loadProviderScript(url, 'Accept', acceptGlobal, { charset: 'utf-8' });
  },
};
