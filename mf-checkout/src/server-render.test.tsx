/**
 * @jest-environment node
 */
// Every page of this remote renders on the server first (docs/architecture.md): no window, no storage
// during render, browser-only data as a loading state, page data waited for.
import { PassThrough } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { JSDOM } from 'jsdom';
import { PageDataContext, PageDataStore, RequestCookiesContext, type PageDataFetch } from '@storefront/ui';
import { setServerSanitizerWindow } from '@storefront/ui/server-sanitizer';
import { cartLinesText, cartSummaryOfLinesUrl } from '@storefront/contracts';
import { checkoutPages, door, locations, stripeCard, summaryFor } from './test-support/checkout-fixtures.js';
import CheckoutPage from './checkout/CheckoutPage.js';
import OrderSuccessPage from './order-result/OrderSuccessPage.js';
import PaymentFailPage from './order-result/PaymentFailPage.js';
import PaymentVerifyPage from './order-result/PaymentVerifyPage.js';
import QuotePaymentPage, { quoteByLinkUrl } from './quote-payment/QuotePaymentPage.js';
import SplitPaymentPage from './split-payment/SplitPaymentPage.js';
import { quoteFor, splitPaymentMethod } from './test-support/payment-page-fixtures.js';

const answers: Record<string, unknown> = {
  '/api/content/checkout-pages': checkoutPages,
  '/api/payment-methods?scope=sample-order': { success: true, paymentMethods: [stripeCard] },
  '/api/order/checkout-locations': locations,
  '/api/payment-methods?scope=convert-to-order': { success: true, paymentMethods: [stripeCard, splitPaymentMethod] },
  [quoteByLinkUrl('quote-1', 'link-tok')]: { success: true, data: quoteFor() },
  [cartSummaryOfLinesUrl(cartLinesText([door]))]: summaryFor([door]),
};

const upstream: PageDataFetch = async (url) =>
  ({ ok: url in answers, status: url in answers ? 200 : 404, statusText: '', json: async () => answers[url] ?? { message: 'nope' } }) as Response;

function renderOnServer(url: string, page: ReactElement, cookies: Record<string, string> = {}): Promise<{ html: string; store: PageDataStore }> {
  const store = new PageDataStore({ mode: 'server', fetch: upstream, timeoutMs: 2000 });
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => (html += chunk.toString()));
    sink.on('end', () => resolve({ html, store }));
    const stream = renderToPipeableStream(
      <RequestCookiesContext.Provider value={cookies}>
        <PageDataContext.Provider value={store}>
          <StaticRouter location={url}>{page}</StaticRouter>
        </PageDataContext.Provider>
      </RequestCookiesContext.Provider>,
      { onAllReady: () => stream.pipe(sink), onError: reject },
    );
  });
}

beforeAll(() => {
  setServerSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setServerSanitizerWindow>[0]);
});

describe('server rendering', () => {
  it('checkout with samples in the cart (count cookie): the whole form, Loading cart... in the summary, the page data', async () => {
    expect(typeof window).toBe('undefined');
    const { html, store } = await renderOnServer('/checkout', <CheckoutPage />, { sf_sample_count: '2' });
    expect(html).toContain('Loading cart...');
    expect(html).toContain('Billing address');
    expect(html).toContain('name="bill_first_name"');
    // the card area is there, holding the frame's place, but no card input: the provider's frame
    // (the sandbox's hosted fields) is mounted in the browser after hydration
    expect(html).toContain('class="sf-checkout-card-frame"');
    expect(html).toContain('Loading secure card fields…');
    expect(html).not.toMatch(/cc-number|cc-csc|cc-exp|name="card|Card number|<iframe/);
    expect(Object.keys(store.snapshot())).toEqual(expect.arrayContaining(['/api/payment-methods?scope=sample-order', '/api/order/checkout-locations']));
  });

  it("checkout with the cart's lines cookie: the cart priced by the server is in the first HTML, not 'Loading cart...'", async () => {
    const lines = cartLinesText([door]);
    const { html, store } = await renderOnServer('/checkout', <CheckoutPage />, { sf_sample_count: '1', sf_sample_lines: lines });
    expect(html).not.toContain('Loading cart...');
    const page = new JSDOM(html).window.document;
    const summary = page.querySelector('.sf-checkout__summary');
    expect(summary?.querySelector('h2')?.textContent).toBe('Shopping Cart 1');
    expect(summary?.querySelector('.sf-cart-line__name')?.textContent).toBe('Shaker Snow White Sample Door');
    expect(summary?.textContent).toContain('Subtotal');
    // the width is not known here: the sticky bar (phones, tablets) and the column (desktops) are both
    // drawn, for the stylesheet's breakpoint to pick one, so hydration moves nothing on screen
    expect(page.querySelector('.sf-checkout')?.className).toBe('sf-checkout sf-checkout--any');
    expect(page.querySelector('.sf-cart-bar')?.className).toBe('sf-cart-bar sf-cart-bar--until-desktop');
    expect(page.querySelector('.sf-cart-bar__toggle')?.getAttribute('aria-label')).toBe('Shopping Cart, 1 item');
    // the answer travels with the page, so hydration draws the same without asking again
    expect(store.snapshot()[cartSummaryOfLinesUrl(lines)]).toMatchObject({ status: 'ready' });
  });

  it("checkout: the form's starting values are in the server's HTML (what a shopper sees and changes before hydration is what the form starts from)", async () => {
    const { html } = await renderOnServer('/checkout', <CheckoutPage />, { sf_sample_count: '1' });
    const page = new JSDOM(html).window.document;
    expect(page.querySelector<HTMLSelectElement>('select[name="bill_country"]')?.value).toBe('US');
    expect(page.querySelector<HTMLInputElement>('input[name="same_as_billing"]')?.checked).toBe(true);
    expect(page.querySelector<HTMLInputElement>('input[name="paymentMethod"]:checked')?.value).toBe('credit-card:stripe');
    // one address to fill: the shipping group is not drawn while the box is ticked
    expect(page.querySelector('[name="ship_first_name"]')).toBeNull();
  });

  it('checkout with a count cookie edited by hand: a whole number is shown, anything else is an empty cart', async () => {
    const { html } = await renderOnServer('/checkout', <CheckoutPage />, { sf_sample_count: '2.7' });
    expect(new JSDOM(html).window.document.querySelector('.sf-checkout__summary h2')?.textContent).toBe('Shopping Cart 2');
    const { html: garbled } = await renderOnServer('/checkout', <CheckoutPage />, { sf_sample_count: 'many' });
    expect(garbled).toContain('Looks like you have not added anything to your cart.');
  });

  it('checkout without the count cookie: the empty-cart state, no form', async () => {
    const { html } = await renderOnServer('/checkout', <CheckoutPage />);
    expect(html).toContain('Looks like you have not added anything to your cart. Go ahead &amp; add items to your cart.');
    expect(html).not.toContain('name="bill_first_name"');
  });

  it('order success: the marker is browser-only, so the server sends the loading state', async () => {
    const { html } = await renderOnServer('/order/success', <OrderSuccessPage />);
    expect(html).toContain('Loading your order…');
    expect(html).not.toContain('Thank you');
  });

  it('verify: only the processing text', async () => {
    const { html } = await renderOnServer('/payment/verify/stripe?payment_intent=pi_1', <PaymentVerifyPage />);
    expect(html).toContain('Processing your payment…');
  });

  it('payment fail: the content is in the first HTML', async () => {
    const { html } = await renderOnServer('/payment/fail', <PaymentFailPage />);
    expect(html).toContain('Payment failed');
    expect(html).toContain('Nothing was charged. Your order is kept.');
    expect(html).toContain('href="/contact"');
  });

  it('quote payment: the quote and the payment methods are in the first HTML (page data)', async () => {
    const { html, store } = await renderOnServer('/quote/payment?quoteId=quote-1&token=link-tok', <QuotePaymentPage />);
    expect(html).toContain('Quote #Q-100001');
    expect(html).toContain('SSW-B24');
    expect(html).toContain('Pay Now');
    expect(html).toContain('Split Payment');
    expect(Object.keys(store.snapshot())).toEqual(expect.arrayContaining([quoteByLinkUrl('quote-1', 'link-tok'), '/api/payment-methods?scope=convert-to-order']));
  });

  it('split payment: the lookup form without the query, the loading state with it (the order is looked up in the browser)', async () => {
    const form = await renderOnServer('/order/split-payment', <SplitPaymentPage />);
    expect(form.html).toContain('method="get"');
    expect(form.html).toContain('name="orderId"');
    expect(form.html).toContain('Fetch Order');
    const loading = await renderOnServer('/order/split-payment?orderId=SF-100013&email=ann%40example.com', <SplitPaymentPage />);
    expect(loading.html).toContain('Loading your order…');
    expect(loading.html).not.toContain('Fetch Order');
  });
});
