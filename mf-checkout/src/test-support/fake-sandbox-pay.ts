import {
  SANDBOX_PAY_GLOBAL,
  SANDBOX_TEST_CARDS,
  type SandboxCardElement,
  type SandboxMountOptions,
  type SandboxPayApi,
  type SandboxTokenizeResult,
} from '@storefront/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { providerScripts } from '../payment/index.js';

/**
 * A stand-in for the sandbox's hosted fields script in jsdom (which runs no scripts and loads no
 * frames): `window.SandboxPay` whose mount() puts an empty iframe into the checkout's card area, and
 * a "frame" the test types a card into with `enter()`, the way the shopper types into the real
 * frame. The number lives in this object only, as it lives in the provider's frame only; tokenize()
 * answers as the real frame does (a token naming outcome, brand and last four, or a field error).
 */
export interface FakeProviderFrame {
  /** what the shopper typed into the frame */
  enter(card: { number: string; expiry?: string; cvc?: string }): void;
  mounts: SandboxMountOptions[];
  tokenizeCalls: number;
  focusCalls: number;
  clearCalls: number;
  /** the frame's script never says it is ready */
  neverReady: boolean;
  uninstall(): void;
}

const OUTCOME_BY_NUMBER = new Map(Object.entries(SANDBOX_TEST_CARDS).map(([outcome, number]) => [number as string, outcome]));

export function installFakeSandboxPay(): FakeProviderFrame {
  let card = { number: '', expiry: '', cvc: '' };
  const frame: FakeProviderFrame = {
    enter(next) {
      card = { expiry: '12 / 30', cvc: '123', ...next };
    },
    mounts: [],
    tokenizeCalls: 0,
    focusCalls: 0,
    clearCalls: 0,
    neverReady: false,
    uninstall() {
      delete (window as unknown as Record<string, unknown>)[SANDBOX_PAY_GLOBAL];
    },
  };

  async function tokenize(): Promise<SandboxTokenizeResult> {
    frame.tokenizeCalls += 1;
    const digits = card.number.replace(/\D/g, '');
    if (!digits && !card.expiry && !card.cvc) return { error: { field: 'paymentElement', message: 'Payment details are required to continue.' } };
    if (digits.length < 13) return { error: { field: 'cardNumber', message: 'Card number is incomplete or invalid' } };
    const last4 = digits.slice(-4);
    const outcome = OUTCOME_BY_NUMBER.get(digits) ?? 'succeeds';
    return { token: `tok_sandbox_${outcome}_visa_${last4}_${'0f'.repeat(16)}`, card: { brand: 'visa', last4 } };
  }

  const api: SandboxPayApi = {
    mount(container: HTMLElement, options: SandboxMountOptions): SandboxCardElement {
      frame.mounts.push(options);
      const iframe = document.createElement('iframe');
      iframe.title = 'Secure card payment input frame';
      container.appendChild(iframe);
      if (!frame.neverReady) queueMicrotask(() => options.onReady?.());
      return {
        tokenize,
        focus() {
          frame.focusCalls += 1;
        },
        clear() {
          frame.clearCalls += 1;
          card = { number: '', expiry: '', cvc: '' };
        },
        destroy() {
          iframe.remove();
        },
      };
    },
  };
  Object.defineProperty(window, SANDBOX_PAY_GLOBAL, { value: api, configurable: true, writable: true });
  return frame;
}

/**
 * The sandbox's script held back, as on a phone's network: loading it answers only once `arrive()`
 * is called (the fake frame installed above). `failFirst`: the first load fails, as a script that
 * did not come (the card area's 'not ready' with Retry), and the Retry's load is the held one.
 */
export function holdSandboxPayScript({ failFirst = false }: { failFirst?: boolean } = {}): { arrive(): void } {
  const sandboxPay = (window as unknown as Record<string, SandboxPayApi>)[SANDBOX_PAY_GLOBAL]!;
  let arrive: () => void = () => undefined;
  const load = jest.spyOn(providerScripts, 'loadSandboxPay');
  if (failFirst) load.mockRejectedValueOnce(new Error('/api/payment/sandbox/hosted-fields.js could not be loaded'));
  load.mockImplementation(() => new Promise((resolve) => (arrive = () => resolve(sandboxPay))));
  return { arrive: () => arrive() };
}

/**
 * Presses `button` while the card fields load: the press is taken and said so (the button busy),
 * never refused as 'not ready'. The checkout and both payment pages expect this of an early press.
 */
export async function pressWhileCardFieldsLoad(user: UserEvent, button: HTMLElement): Promise<void> {
  await user.click(button);
  await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
  expect(screen.queryByText('Stripe.js not ready')).toBeNull();
}

/** The held script arrives: the kept press is judged, the empty frame asks for the card, the press ends. */
export async function cardFieldsArriveAndAskForTheCard(arrive: () => void, frame: () => FakeProviderFrame, button: HTMLElement): Promise<void> {
  arrive();
  await waitFor(() => expect(frame().focusCalls).toBe(1));
  expect(button).not.toHaveAttribute('aria-busy');
}
