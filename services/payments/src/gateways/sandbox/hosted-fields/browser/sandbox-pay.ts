import {
  SANDBOX_PAY_GLOBAL,
  type SandboxCardElement,
  type SandboxMountOptions,
  type SandboxPayApi,
  type SandboxTokenizeResult,
} from '@storefront/contracts/sandbox-pay';
import { FRAME_INITIAL_HEIGHT, SANDBOX_PAY_MESSAGE, isProtocolMessage, type FromFrame, type PageMessage } from '../protocol.js';

/**
 * The sandbox's provider script (bundled into /api/payment/sandbox/hosted-fields.js), shaped like
 * Stripe.js or Accept.js: the merchant's page loads it from the payment method's `config.scriptUrl`
 * and gets `window.SandboxPay`:
 *
 *   const card = SandboxPay.mount(container, { layout: 'hosted', onReady, onChange, onSubmit, onError });
 *   const result = await card.tokenize();   // { token, card: { brand, last4 } } | { error: { field, message } }
 *   card.focus(); card.clear(); card.destroy();
 *
 * mount() puts the provider's frame (its own document with its own inputs) into the container; the
 * page never sees the card number, only the token the frame makes. Messages go by postMessage with
 * the frame's origin as the explicit target, and only the frame's own window at that origin, on the
 * channel given to it, is listened to.
 */

/** The frame sits beside this script (route table: sandboxHostedFieldsFrame next to sandboxHostedFieldsScript). */
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src || window.location.href;
const FRAME_URL = new URL('hosted-fields', scriptUrl);
const FRAME_ORIGIN = FRAME_URL.origin;
const FRAME_TITLE = 'Secure card payment input frame';
/** How long tokenize() waits for the frame's answer. */
const ANSWER_TIMEOUT_MS = 15_000;
/** How long after its document loaded the frame may take to say it is ready. */
const READY_TIMEOUT_MS = 5_000;
const MAX_HEIGHT = 2_000;

function randomChannel(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function mount(container: HTMLElement, options: SandboxMountOptions): SandboxCardElement {
  if (!(container instanceof HTMLElement)) throw new TypeError('SandboxPay.mount needs a container element');
  const layout = options.layout === 'direct' ? 'direct' : 'hosted';
  const channel = randomChannel();
  const src = new URL(FRAME_URL);
  src.searchParams.set('layout', layout);
  src.hash = `channel=${channel}`;

  const iframe = document.createElement('iframe');
  iframe.title = FRAME_TITLE;
  iframe.src = src.href;
  iframe.setAttribute('scrolling', 'no');
  // CSSOM, not a style attribute: the merchant's CSP may forbid inline style attributes.
  iframe.style.display = 'block';
  iframe.style.width = '100%';
  iframe.style.border = '0';
  iframe.style.height = `${FRAME_INITIAL_HEIGHT}px`;
  iframe.style.overflow = 'hidden';

  let ready = false;
  let destroyed = false;
  let nextRequest = 1;
  const whenReady: (() => void)[] = [];
  const pending = new Map<number, { resolve: (result: SandboxTokenizeResult) => void; reject: (error: Error) => void }>();

  const setHeight = (height: number) => {
    if (Number.isFinite(height) && height > 0) iframe.style.height = `${Math.min(Math.ceil(height), MAX_HEIGHT)}px`;
  };
  const send = (message: PageMessage) => {
    iframe.contentWindow?.postMessage({ ...message, source: SANDBOX_PAY_MESSAGE, channel }, FRAME_ORIGIN);
  };
  const onceReady = (action: () => void) => {
    if (ready) action();
    else whenReady.push(action);
  };

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== FRAME_ORIGIN || event.source !== iframe.contentWindow || !isProtocolMessage(event.data, channel)) return;
    const message = event.data as FromFrame;
    switch (message.type) {
      case 'ready':
        ready = true;
        setHeight(message.height);
        for (const action of whenReady.splice(0)) action();
        options.onReady?.();
        break;
      case 'resize':
        setHeight(message.height);
        break;
      case 'change':
        options.onChange?.({ complete: message.complete, empty: message.empty, brand: message.brand });
        break;
      case 'tokenized': {
        const request = pending.get(message.requestId);
        pending.delete(message.requestId);
        request?.resolve(message.result);
        break;
      }
      case 'submit':
        options.onSubmit?.();
        break;
    }
  };
  window.addEventListener('message', onMessage);
  iframe.addEventListener('load', () => {
    window.setTimeout(() => {
      if (!ready && !destroyed) options.onError?.(new Error('The card frame did not start.'));
    }, READY_TIMEOUT_MS);
  });
  container.appendChild(iframe);

  return {
    tokenize() {
      if (destroyed) return Promise.reject(new Error('The card frame was removed.'));
      return new Promise<SandboxTokenizeResult>((resolve, reject) => {
        const requestId = nextRequest++;
        const timer = window.setTimeout(() => {
          pending.delete(requestId);
          reject(new Error('The card frame did not answer.'));
        }, ANSWER_TIMEOUT_MS);
        pending.set(requestId, {
          resolve: (result) => {
            window.clearTimeout(timer);
            resolve(result);
          },
          reject: (error) => {
            window.clearTimeout(timer);
            reject(error);
          },
        });
        onceReady(() => send({ type: 'tokenize', requestId }));
      });
    },
    focus() {
      iframe.focus();
      onceReady(() => send({ type: 'focus' }));
    },
    clear() {
      onceReady(() => send({ type: 'clear' }));
    },
    destroy() {
      destroyed = true;
      window.removeEventListener('message', onMessage);
      iframe.remove();
      whenReady.length = 0;
      for (const request of pending.values()) request.reject(new Error('The card frame was removed.'));
      pending.clear();
    },
  };
}

const api: SandboxPayApi = Object.freeze({ mount });
// Loaded twice (two script tags): the first definition stays.
if (!(SANDBOX_PAY_GLOBAL in window)) Object.defineProperty(window, SANDBOX_PAY_GLOBAL, { value: api, enumerable: true });
