import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { cartLinesText, cartSummaryOfLinesUrl, type CartSummaryRequest, type SelectedSample } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import { PageDataContext, PageDataStore, type PageDataEntry } from '@storefront/ui';
import { installFakeFetch, type FakeAnswer } from '@storefront/ui/testing';
import { door, locations, stripeCard, summaryFor } from '../test-support/checkout-fixtures.js';
import CheckoutPage, { CHECKOUT_LOCATIONS_URL } from './CheckoutPage.js';
import { PAYMENT_METHODS_URL } from '../payment/index.js';
import { CART_SUMMARY_URL } from './useCartSummary.js';

// The build machine is shared and busy (the UI kit's jest setup also gives waits 4 s).
jest.setTimeout(15000);

const klw: SelectedSample = { ...door, sku: 'KLW-SAMPLE', name: 'Kingston Linen White Sample Door', styleName: 'klw', styleTitle: 'Kingston Linen White' };

let answers: FakeAnswer[];
let requests: CartSummaryRequest[];

beforeEach(() => {
  answers = [];
  requests = [];
  // The unit's edge is the network: each POST takes the next answer (the last one repeats); none
  // at all is a dropped connection.
  installFakeFetch({
    [PAYMENT_METHODS_URL]: { body: { success: true, paymentMethods: [stripeCard] } },
    [CHECKOUT_LOCATIONS_URL]: { body: locations },
    [CART_SUMMARY_URL]: (init) => {
      requests.push(JSON.parse(String(init?.body)) as CartSummaryRequest);
      return (answers.length > 1 ? answers.shift() : answers[0]) ?? { networkError: true };
    },
  });
  window.localStorage.clear();
  sampleCartStore.getState().clearCart();
  window.innerWidth = 1440;
  document.body.style.overflow = '';
});

function fillCart(...samples: SelectedSample[]) {
  for (const sample of samples) sampleCartStore.getState().addSample(sample);
}

/** The page's own data (payment methods, locations) arrives after the cart states are checked. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/checkout']}>
      <CheckoutPage />
    </MemoryRouter>,
  );
}

describe('checkout page: cart states', () => {
  it("with the cart-count cookie, shows the form and 'Loading cart...' until the cart has been read", async () => {
    sampleCartStore.setState({ hydrated: false });
    document.cookie = 'sf_sample_count=1; Path=/';
    renderPage();
    expect(screen.getByText('Loading cart...')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Billing address' })).toBeInTheDocument();
    act(() => sampleCartStore.getState().reload());
    expect(screen.queryByText('Loading cart...')).toBeNull();
    await settle();
  });

  it('without the cookie, shows the empty state before the cart has been read', async () => {
    sampleCartStore.setState({ hydrated: false });
    document.cookie = 'sf_sample_count=; Max-Age=0; Path=/';
    renderPage();
    expect(screen.getByText('Looks like you have not added anything to your cart. Go ahead & add items to your cart.')).toBeInTheDocument();
    expect(screen.queryByText('Loading cart...')).toBeNull();
  });

  it('shows the empty-cart text with a Continue Shopping link to /order-samples', async () => {
    renderPage();
    expect(screen.getByText('Looks like you have not added anything to your cart. Go ahead & add items to your cart.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/order-samples');
    expect(global.fetch).not.toHaveBeenCalledWith(CART_SUMMARY_URL, expect.anything());
    await settle();
  });
});

describe('checkout page: the cart priced from its lines cookie before the cart is read', () => {
  const previewUrl = cartSummaryOfLinesUrl(cartLinesText([door]));

  /** As the shell hydrates a page: the browser's page-data store starts from the server's answers. */
  function renderHydrating(preview: PageDataEntry) {
    const store = new PageDataStore({
      mode: 'browser',
      fetch: (url, init) => fetch(url, init),
      initial: {
        [PAYMENT_METHODS_URL]: { status: 'ready', data: { success: true, paymentMethods: [stripeCard] } },
        [CHECKOUT_LOCATIONS_URL]: { status: 'ready', data: locations },
        [previewUrl]: preview,
      },
    });
    return render(
      <PageDataContext.Provider value={store}>
        <MemoryRouter initialEntries={['/checkout']}>
          <CheckoutPage />
        </MemoryRouter>
      </PageDataContext.Provider>,
    );
  }

  beforeEach(() => {
    sampleCartStore.setState({ hydrated: false });
    document.cookie = 'sf_sample_count=1; Path=/';
    document.cookie = `sf_sample_lines=${encodeURIComponent(cartLinesText([door]))}; Path=/`;
  });

  afterEach(() => {
    document.cookie = 'sf_sample_count=; Max-Age=0; Path=/';
    document.cookie = 'sf_sample_lines=; Max-Age=0; Path=/';
  });

  it('draws the priced lines and the count from the cookies, and asks nothing more once the cart read is the same cart', async () => {
    renderHydrating({ status: 'ready', data: summaryFor([door]) });
    const summary = screen.getByRole('complementary', { name: /Shopping Cart/ });
    expect(within(summary).getByRole('heading')).toHaveTextContent('Shopping Cart 1');
    expect(within(summary).getByText('Shaker Snow White Sample Door')).toBeInTheDocument();
    expect(screen.queryByText('Loading cart...')).toBeNull();

    // the browser reads localStorage: the same line, so the page's pricing stands
    window.localStorage.setItem('selectedSamples', JSON.stringify({ items: [door], expiresAt: Date.now() + 60_000 }));
    act(() => sampleCartStore.getState().reload());
    await settle();
    expect(within(summary).getByText('Shaker Snow White Sample Door')).toBeInTheDocument();
    expect(requests).toEqual([]);
    expect(global.fetch).not.toHaveBeenCalled();

    // a change of the cart is priced by the server again
    answers = [{ status: 200, body: summaryFor([door, klw]) }];
    act(() => void sampleCartStore.getState().addSample(klw));
    expect(await within(summary).findByText('Kingston Linen White Sample Door')).toBeInTheDocument();
    expect(requests.map((request) => request.items.map((item) => item.sku))).toEqual([['SSW-SAMPLE', 'KLW-SAMPLE']]);
  });

  it('asks the server for the cart read when it is not the cart the cookie priced', async () => {
    answers = [{ status: 200, body: summaryFor([klw]) }];
    renderHydrating({ status: 'ready', data: summaryFor([door]) });
    const summary = screen.getByRole('complementary', { name: /Shopping Cart/ });
    expect(within(summary).getByText('Shaker Snow White Sample Door')).toBeInTheDocument();

    window.localStorage.setItem('selectedSamples', JSON.stringify({ items: [klw], expiresAt: Date.now() + 60_000 }));
    act(() => sampleCartStore.getState().reload());
    expect(await within(summary).findByText('Kingston Linen White Sample Door')).toBeInTheDocument();
    expect(within(summary).queryByText('Shaker Snow White Sample Door')).toBeNull();
    expect(requests.map((request) => request.items.map((item) => item.sku))).toEqual([['KLW-SAMPLE']]);
  });

  it("shows 'Loading cart...' until the cart is read when the cookie's lines could not be priced, then prices the cart", async () => {
    answers = [{ status: 200, body: summaryFor([door]) }];
    renderHydrating({ status: 'error', httpStatus: 503, error: 'The service is unavailable. Please try again.' });
    expect(screen.getByText('Loading cart...')).toBeInTheDocument();
    expect(screen.queryByText('We could not price your cart')).toBeNull();

    window.localStorage.setItem('selectedSamples', JSON.stringify({ items: [door], expiresAt: Date.now() + 60_000 }));
    act(() => sampleCartStore.getState().reload());
    const summary = screen.getByRole('complementary', { name: /Shopping Cart/ });
    expect(await within(summary).findByText('Shaker Snow White Sample Door')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});

describe('checkout page: cart summary', () => {
  it('sends the chosen skus and finishes (no prices) and shows the lines and totals the server answered', async () => {
    fillCart(door);
    answers = [{ status: 200, body: summaryFor([door]) }];
    renderPage();

    const summary = await screen.findByRole('complementary', { name: /Shopping Cart/ });
    expect(requests[0]).toEqual({ items: [{ sku: 'SSW-SAMPLE', qty: 1, finish: { type: 'painted', value: 'dove-grey', label: 'Dove Grey' } }] });
    const line = await within(summary).findByRole('listitem');
    expect(line).toHaveTextContent('Shaker Snow White Sample Door');
    const fact = (term: string) => within(line).getByText(term, { selector: 'dt' }).nextSibling;
    expect(fact('Style')).toHaveTextContent('Shaker Snow White');
    expect(fact('SKU')).toHaveTextContent('SSW-SAMPLE');
    expect(fact('Finish type')).toHaveTextContent('painted');
    expect(fact('Finish')).toHaveTextContent('Dove Grey (dove-grey)');
    expect(fact('Price')).toHaveTextContent('$4.50');
    expect(fact('Line total')).toHaveTextContent('$4.50');
    expect(fact('Qty')).toHaveTextContent('1');
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('$1,234.50');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('$1,234.50');
    expect(within(summary).getByText('Shipping will be calculated after entering address.')).toBeInTheDocument();
    expect(within(summary).queryByText(/^Tax/)).toBeNull();
  });

  it('shows shipping with its method title and tax with its percent when the server charges them', async () => {
    fillCart(door);
    answers = [
      {
        status: 200,
        body: summaryFor([door], { shipping: { method: 'flat', label: 'Standard Ground', amount: 999 }, taxPercent: 8.25, taxAmount: 119, total: 1568 }),
      },
    ];
    renderPage();
    expect((await screen.findByText('Shipping (Standard Ground)')).nextSibling).toHaveTextContent('$9.99');
    expect(screen.getByText('Tax (8.25%)').nextSibling).toHaveTextContent('$1.19');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$15.68');
  });

  it('falls back to a placeholder when a line image fails to load', async () => {
    fillCart(door);
    answers = [{ status: 200, body: summaryFor([door]) }];
    renderPage();
    const image = await screen.findByAltText('Sample door in Dove Grey');
    act(() => {
      image.dispatchEvent(new Event('error'));
    });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('removes a line with its delete button and prices the rest again', async () => {
    const user = userEvent.setup();
    fillCart(door, klw);
    answers = [{ status: 200, body: summaryFor([door, klw]) }, { status: 200, body: summaryFor([klw], { subtotal: 450, total: 450 }) }];
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Shaker Snow White Sample Door' }));
    await waitFor(() => expect(screen.getByText('Total').nextSibling).toHaveTextContent('$4.50'));
    expect(requests.at(-1)?.items.map((item) => item.sku)).toEqual(['KLW-SAMPLE']);
    expect(sampleCartStore.getState().items.map((item) => item.sku)).toEqual(['KLW-SAMPLE']);
  });

  it('Clear Cart empties the cart', async () => {
    const user = userEvent.setup();
    fillCart(door);
    answers = [{ status: 200, body: summaryFor([door]) }];
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    expect(screen.getByText('Looks like you have not added anything to your cart. Go ahead & add items to your cart.')).toBeInTheDocument();
    expect(window.localStorage.getItem('selectedSamples')).toBeNull();
  });

  it('names samples the catalog no longer knows and lets the shopper remove them', async () => {
    const user = userEvent.setup();
    fillCart(door, klw);
    answers = [{ status: 200, body: summaryFor([door], { unknownSkus: ['KLW-SAMPLE'] }) }, { status: 200, body: summaryFor([door]) }];
    renderPage();
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('These samples are no longer available and are not included in your total:');
    expect(warning).toHaveTextContent('Kingston Linen White Sample Door (SKU KLW-SAMPLE)');
    await user.click(within(warning).getByRole('button', { name: 'Remove Kingston Linen White Sample Door' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the server error with a retry that prices the cart again', async () => {
    const user = userEvent.setup();
    fillCart(door);
    answers = [{ status: 503, body: { message: 'Orders service is unavailable' } }, { status: 200, body: summaryFor([door]) }];
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Orders service is unavailable');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Subtotal')).toBeInTheDocument();
  });

  it('follows a cart change made elsewhere (the selected-samples-updated event)', async () => {
    fillCart(door);
    answers = [{ status: 200, body: summaryFor([door]) }];
    renderPage();
    await screen.findByText('Subtotal');
    act(() => {
      window.localStorage.removeItem('selectedSamples');
      window.dispatchEvent(new Event('selected-samples-updated'));
    });
    expect(screen.getByText('Looks like you have not added anything to your cart. Go ahead & add items to your cart.')).toBeInTheDocument();
  });
});

describe('checkout page: mobile and tablet sidebar', () => {
  it('opens the summary from a sticky Shopping Cart header, locks page scroll, and closes on Escape', async () => {
    const user = userEvent.setup();
    window.innerWidth = 375;
    fillCart(door, klw);
    answers = [{ status: 200, body: summaryFor([door, klw]) }];
    renderPage();

    const toggle = screen.getByRole('button', { name: 'Shopping Cart, 2 items' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(toggle);
    const dialog = screen.getByRole('dialog', { name: /Shopping Cart/ });
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.getByRole('button', { name: 'Close cart' })).toHaveFocus();
    expect(await within(dialog).findByText('Subtotal')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(toggle).toHaveFocus();
  });
});
