/**
 * @jest-environment node
 */
// The account screens on the server (docs/architecture.md, "Page data"): account data is per
// visitor and the server renders without the visitor's cookies, so no account call is made during
// the render; the screens draw their loading state (the forms that need no account data are drawn
// whole, so they can be typed into before hydration). The order and quote view pages without a
// token draw their loading state too.
import { PassThrough } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Route, Routes } from 'react-router-dom';
import { JSDOM } from 'jsdom';
import { ACCOUNT_PATHS, CHECKOUT_LOCATIONS_URL, ORDER_VIEW_PATH, QUOTE_VIEW_PATH } from '@storefront/contracts';
import { PageDataContext, PageDataStore, RequestCookiesContext, type PageDataFetch } from '@storefront/ui';
import { locations } from '../test-support/checkout-fixtures.js';
import OrderViewPage from '../order-view/OrderViewPage.js';
import QuoteViewPage from '../quote-view/QuoteViewPage.js';
import AddressFormPage from './address-form/AddressFormPage.js';
import AddressesPage from './addresses/AddressesPage.js';
import ForgotPasswordPage from './forgot-password/ForgotPasswordPage.js';
import LoginPage from './login/LoginPage.js';
import MyAccountPage from './my-account/MyAccountPage.js';
import ResetPasswordPage from './reset-password/ResetPasswordPage.js';

const asked: string[] = [];
const upstream: PageDataFetch = async (url) => {
  asked.push(url);
  const known = url === CHECKOUT_LOCATIONS_URL;
  return { ok: known, status: known ? 200 : 404, statusText: '', json: async () => (known ? locations : { message: 'nope' }) } as Response;
};

function renderOnServer(url: string, path: string, page: ReactElement, cookies: Record<string, string> = {}): Promise<{ html: string; document: Document; store: PageDataStore }> {
  const store = new PageDataStore({ mode: 'server', fetch: upstream, timeoutMs: 2000 });
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => (html += chunk.toString()));
    sink.on('end', () => resolve({ html, document: new JSDOM(html).window.document, store }));
    const stream = renderToPipeableStream(
      <RequestCookiesContext.Provider value={cookies}>
        <PageDataContext.Provider value={store}>
          <StaticRouter location={url}>
            <Routes>
              <Route path={path} element={page} />
            </Routes>
          </StaticRouter>
        </PageDataContext.Provider>
      </RequestCookiesContext.Provider>,
      { onAllReady: () => stream.pipe(sink), onError: reject },
    );
  });
}

beforeEach(() => {
  asked.length = 0;
});

describe('account screens on the server', () => {
  it('/login: the whole form (no action, so an early press is replayed), no call', async () => {
    const { document } = await renderOnServer('/login?returnTo=/checkout', ACCOUNT_PATHS.login, <LoginPage />);
    const form = document.querySelector('form')!;
    expect(form.hasAttribute('action')).toBe(false);
    expect(form.querySelector('input[name="email"][type="email"]')).not.toBeNull();
    expect(form.querySelector('input[name="password"][type="password"]')).not.toBeNull();
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Sign In');
    expect(asked).toEqual([]);
  });

  it('/forgot-password and /reset-password?token=: their forms', async () => {
    const forgot = await renderOnServer('/forgot-password', ACCOUNT_PATHS.forgotPassword, <ForgotPasswordPage />);
    expect(forgot.document.querySelector('form input[name="email"]')).not.toBeNull();
    const reset = await renderOnServer('/reset-password?token=t', ACCOUNT_PATHS.resetPassword, <ResetPasswordPage />);
    expect(reset.document.querySelector('form input[name="password"]')).not.toBeNull();
    expect(reset.document.querySelector('form input[name="confirmPassword"]')).not.toBeNull();
    expect(asked).toEqual([]);
  });

  it('/my-account and /my-account/addresses: the loading state, no account data in the page data', async () => {
    const account = await renderOnServer('/my-account', ACCOUNT_PATHS.myAccount, <MyAccountPage />, { sf_csrf: 'c' });
    expect(account.html).toContain('Loading your account…');
    expect(Object.keys(account.store.snapshot())).toEqual([]);
    const addresses = await renderOnServer('/my-account/addresses', ACCOUNT_PATHS.addresses, <AddressesPage />, { sf_csrf: 'c' });
    expect(addresses.html).toContain('Loading your addresses…');
    expect(Object.keys(addresses.store.snapshot())).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('/my-account/address/new with a session hint: the whole form with the states (the only page data)', async () => {
    const { document, store } = await renderOnServer('/my-account/address/new', ACCOUNT_PATHS.addressNew, <AddressFormPage />, { sf_csrf: 'c' });
    expect(document.querySelector('form input[name="firstName"]')).not.toBeNull();
    expect(document.querySelector<HTMLSelectElement>('select[name="countryId"]')?.value).toBe('US');
    expect(document.querySelectorAll('select[name="state"] option')).toHaveLength(3);
    expect(Object.keys(store.snapshot())).toEqual([CHECKOUT_LOCATIONS_URL]);
  });

  it('/my-account/address/edit/:id: the loading state (the address is fetched by the browser)', async () => {
    const { html, store } = await renderOnServer('/my-account/address/edit/addr-1', ACCOUNT_PATHS.addressEdit, <AddressFormPage />, { sf_csrf: 'c' });
    expect(html).toContain('Loading your address…');
    expect(Object.keys(store.snapshot())).toEqual([CHECKOUT_LOCATIONS_URL]);
  });

  it('the order and quote view pages without a token: the loading state, nothing asked on the server', async () => {
    const order = await renderOnServer('/order/view/ord-1', ORDER_VIEW_PATH, <OrderViewPage />);
    expect(order.html).toContain('Loading your order…');
    const quote = await renderOnServer('/quote/view/quote-1', QUOTE_VIEW_PATH, <QuoteViewPage />);
    expect(quote.html).toContain('Loading your quote…');
    expect(asked).toEqual([]);
  });
});
