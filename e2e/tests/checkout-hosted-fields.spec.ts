import type { SandboxCardElement, SandboxPayApi, SandboxTokenizeResult } from '@storefront/contracts';
import { CARD_FRAME } from '../support/checkout.js';
import { expect, test } from '../support/test.js';

/**
 * The sandbox provider's browser API as any page of ours would use it (the checkout is one user):
 * load the script, mount the frame, tokenize. Here with the direct (Authorize-style) layout, which
 * the default settings do not offer at checkout (Authorize.net is switched off).
 */

type ProviderWindow = Window & { SandboxPay: SandboxPayApi; card: SandboxCardElement; tokenizedAnswers: number };

test('SandboxPay, direct layout: the frame checks the direct-entry rules itself and makes the token in the browser', async ({ page }) => {
  await page.goto('/checkout'); // a page of ours (the cart is empty: no card area of its own)
  await page.evaluate(async (src) => {
    await new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
    const win = window as unknown as ProviderWindow;
    win.tokenizedAnswers = 0;
    window.addEventListener('message', (event) => {
      if ((event.data as { type?: string })?.type === 'tokenized') win.tokenizedAnswers += 1;
    });
    const box = document.createElement('div');
    document.body.prepend(box);
    win.card = win.SandboxPay.mount(box, { layout: 'direct' });
  }, '/api/payment/sandbox/hosted-fields.js');

  const frame = page.frameLocator(CARD_FRAME);
  await expect(frame.getByLabel('Expiry month')).toBeVisible();
  const tokenize = () => page.evaluate(() => (window as unknown as ProviderWindow).card.tokenize()) as Promise<SandboxTokenizeResult>;

  expect(await tokenize()).toEqual({ error: { field: 'cardNumber', message: 'Card number is required' } });
  await expect(frame.getByText('Card number is required')).toBeVisible();
  await expect(frame.getByText('Expiry is required')).toBeVisible();
  await expect(frame.getByText('CVV is required')).toBeVisible();
  await expect(frame.getByLabel('Card number')).toBeFocused();

  // digits only, at most 19; month 01-12 and the current year plus 10
  await frame.getByLabel('Card number').fill('4000 0025 0000 3155');
  await expect(frame.getByLabel('Card number')).toHaveValue('4000002500003155');
  await expect(frame.getByLabel('Expiry year').locator('option:not([value=""])')).toHaveCount(11);
  await frame.getByLabel('Expiry month').selectOption('12');
  await frame.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 1));
  await frame.getByLabel('CVV').fill('12');
  expect(await tokenize()).toEqual({ error: { field: 'cardCode', message: 'CVV is invalid' } });
  await frame.getByLabel('CVV').fill('1234');
  await expect(frame.getByText('CVV is invalid')).toBeHidden();

  expect(await tokenize()).toEqual({
    token: expect.stringMatching(/^tok_sandbox_requiresAuthentication_visa_3155_[0-9a-f]{32}$/),
    card: { brand: 'visa', last4: '3155' },
  });

  // clear(): the page's form was reset
  await page.evaluate(() => (window as unknown as ProviderWindow).card.clear());
  await expect(frame.getByLabel('Card number')).toHaveValue('');
  await expect(frame.getByLabel('CVV')).toHaveValue('');

  // The frame answers only its own page on its own channel: a message without the channel id gets nothing.
  const answersBefore = await page.evaluate(() => (window as unknown as ProviderWindow).tokenizedAnswers);
  await page.evaluate(() => {
    const frameWindow = document.querySelector('iframe')!.contentWindow!;
    frameWindow.postMessage({ source: 'sandbox-pay', channel: 'f'.repeat(32), type: 'tokenize', requestId: 99 }, window.location.origin);
  });
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as ProviderWindow).tokenizedAnswers)).toBe(answersBefore);

  await page.evaluate(() => (window as unknown as ProviderWindow).card.destroy());
  await expect(page.locator(CARD_FRAME)).toHaveCount(0);
});
