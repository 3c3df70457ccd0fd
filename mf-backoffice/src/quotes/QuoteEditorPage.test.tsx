import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ADMIN_PATHS, QUOTE_MESSAGES } from '@storefront/contracts';
import { installFakeFetch, type FakeAnswer } from '@storefront/ui/testing';
import { QUOTE_LOCKED_MESSAGE } from './QuoteEditorPage';
import {
  API,
  bodyOf,
  callsTo,
  catalogRoutes,
  contentStyles,
  detail,
  locations,
  paymentLink,
  quote,
  renderQuotes,
  revokeAnswer,
  staffMe,
} from './test-support/quote-fixtures';

/** A field by its visible label (the required mark " *" allowed after it). */
function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

function fieldset(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

/** The POST /api/admin/quotes fake: the list's URL carries a query, so only the create lands here. */
function createRoute(answer: FakeAnswer): (init?: RequestInit) => FakeAnswer {
  return (init) => (init?.method === 'POST' ? answer : { status: 405, body: { message: 'Method not allowed' } });
}

/** The quote's own URL: GET answers the detail (a queue), PUT the update. */
function quoteRoute(gets: FakeAnswer[], put?: FakeAnswer): (init?: RequestInit) => FakeAnswer {
  return (init) => {
    if (init?.method === 'PUT') return put ?? { status: 405 };
    return gets.length > 1 ? gets.shift()! : gets[0]!;
  };
}

/**
 * Types a whole quote as staff would, key by key (about 200 keys, each drawing the form and its
 * estimate again). The tests that call it set up userEvent with `delay: null`: no timer between
 * keys, which a busy machine stretches past the test's time limit.
 */
async function fillNewQuote(user: UserEvent) {
  await user.type(await screen.findByLabelText(label('First name')), 'Ann');
  await user.type(screen.getByLabelText(label('Last name')), 'Lee');
  await user.type(screen.getByLabelText(label('E-mail')), 'ann@example.com');
  await user.type(screen.getByLabelText(label('Phone')), '2125550100');
  await user.type(screen.getByLabelText(label('PO number')), 'PO-7731');

  const billing = fieldset('Billing address');
  await user.type(within(billing).getByLabelText(label('Address line 1')), '350 5th Ave');
  await user.type(within(billing).getByLabelText(label('City')), 'New York');
  await user.selectOptions(within(billing).getByLabelText(label('State')), 'NY');
  await user.type(within(billing).getByLabelText(label('ZIP/Postal code')), '10118');

  await user.type(screen.getByLabelText(label('Shipping method')), 'freight');
  await user.type(screen.getByLabelText(label('Shipping label')), 'Freight (curbside)');

  const first = fieldset('Line 1');
  await user.type(within(first).getByLabelText(label('SKU')), 'SSW-B24');
  await user.type(within(first).getByLabelText(label('Product name')), 'Shaker Snow White Base Cabinet 24"');
  await user.clear(within(first).getByLabelText(label('Qty')));
  await user.type(within(first).getByLabelText(label('Qty')), '3');
  await user.type(within(first).getByLabelText(label('Unit price ($)')), '278.99');
  await user.type(within(first).getByLabelText(label('Notes')), 'soft-close hinges');

  await user.click(screen.getByRole('button', { name: 'Add a line by hand' }));
  const second = fieldset('Line 2');
  await user.type(within(second).getByLabelText(label('SKU')), 'SSW-W3030');
  await user.type(within(second).getByLabelText(label('Product name')), 'Shaker Snow White Wall Cabinet 30"');
  await user.clear(within(second).getByLabelText(label('Qty')));
  await user.type(within(second).getByLabelText(label('Qty')), '2');
  await user.type(within(second).getByLabelText(label('Unit price ($)')), '189.50');

  await user.type(screen.getByLabelText(label('Shipping amount ($)')), '149.50');
  await user.type(screen.getByLabelText(label('Tax amount ($)')), '74.43');
  await user.type(screen.getByLabelText(label('Discount ($)')), '50');
  await user.click(screen.getByLabelText(/^Split payment/));
  await user.type(await screen.findByLabelText(label('Minimum first payment ($)')), '250');
}

/** The request exactly as typed: dollars as typed, no subtotal, row total or total anywhere. */
const TYPED_QUOTE = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '2125550100',
  poNumber: 'PO-7731',
  addresses: [{ type: 'billing', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' }],
  shippingMethod: 'freight',
  shippingLabel: 'Freight (curbside)',
  items: [
    { sku: 'SSW-B24', name: 'Shaker Snow White Base Cabinet 24"', qty: 3, price: 278.99, notes: 'soft-close hinges' },
    { sku: 'SSW-W3030', name: 'Shaker Snow White Wall Cabinet 30"', qty: 2, price: 189.5 },
  ],
  shippingAmount: 149.5,
  taxAmount: 74.43,
  discountAmount: 50,
  splitPaymentEnabled: true,
  minimumSplitAmount: 250,
};

describe('/admin/quotes/new', () => {
  // a whole quote typed key by key takes ~2 s alone, and 10× that beside the other workspaces' suites
  // on a 2-core CI machine (two runs met the 20 s default there): the same test, more time
  jest.setTimeout(60_000);
  it('sends exactly the typed values (dollars as typed, never a total), then opens the quote and shows its link once with Copy link', async () => {
    const link = paymentLink({ emailQueued: true });
    const fetchMock = installFakeFetch({
      [API.me]: staffMe(),
      [API.locations]: { body: locations },
      [API.quotes]: createRoute({ status: 201, body: link }),
      [API.quote('Q-100001')]: quoteRoute([{ body: detail() }]),
    });
    renderQuotes(ADMIN_PATHS.quoteNew);
    const user = userEvent.setup({ delay: null });
    await fillNewQuote(user);

    // the preview is labelled as an estimate, worked out from what is typed
    const estimate = screen.getByTestId('quote-estimate');
    expect(within(estimate).getByRole('heading', { name: 'Estimated totals' })).toBeInTheDocument();
    expect(estimate).toHaveTextContent('Estimated total$1,389.90');

    await user.click(screen.getByLabelText('E-mail the payment link to the customer now'));
    await user.click(screen.getByRole('button', { name: 'Create the quote' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/quotes/Q-100001'));
    const [post] = callsTo(fetchMock, API.quotes, 'POST');
    expect(bodyOf(post)).toEqual({ ...TYPED_QUOTE, send: true });
    expect(JSON.stringify(bodyOf(post))).not.toMatch(/total|subtotal|rowTotal/i);
    // one Idempotency-Key for the save: a retry after a lost answer gets this quote back, not a second one
    expect((post?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);

    // the quote's page: the link, shown this once, copied to the clipboard with a "Copied" status
    const notice = await screen.findByRole('region', { name: 'Payment link' });
    expect(notice).toHaveTextContent('Quote Q-100001 was created.');
    expect(notice).toHaveTextContent('It has also been e-mailed to the customer.');
    expect(within(notice).getByRole('link', { name: link.paymentLink })).toHaveAttribute('href', link.paymentLink);
    await user.click(within(notice).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(within(notice).getByRole('status')).toHaveTextContent('Copied'));
    await expect(navigator.clipboard.readText()).resolves.toBe(link.paymentLink);
    // and the server's totals, not the estimate
    expect(await screen.findByTestId('quote-saved-totals')).toHaveTextContent('Total$1,389.90');
  });

  it('a refused clipboard leaves the link selected in a text field to copy by hand', async () => {
    const link = paymentLink();
    installFakeFetch({
      [API.me]: staffMe(),
      [API.locations]: { body: locations },
      [API.quotes]: createRoute({ status: 201, body: link }),
      [API.quote('Q-100001')]: quoteRoute([{ body: detail() }]),
    });
    renderQuotes(ADMIN_PATHS.quoteNew);
    const user = userEvent.setup({ delay: null });
    await fillNewQuote(user);
    await user.click(screen.getByRole('button', { name: 'Create the quote' }));
    const notice = await screen.findByRole('region', { name: 'Payment link' });
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(within(notice).getByRole('button', { name: 'Copy link' }));
    expect(await within(notice).findByRole('status')).toHaveTextContent('The link could not be copied here');
    const field = within(notice).getByLabelText('Payment link to copy');
    expect(field).toHaveValue(link.paymentLink);
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("a 400 shows the server's messages at their fields (and the rest in the alert); nothing is navigated", async () => {
    installFakeFetch({
      [API.me]: staffMe(),
      [API.locations]: { body: locations },
      [API.quotes]: createRoute({
        status: 400,
        body: {
          success: false,
          statusCode: 400,
          message: QUOTE_MESSAGES.discountTooLarge,
          errorType: 'invalidQuote',
          errors: { discountAmount: QUOTE_MESSAGES.discountTooLarge, 'addresses[0].zipCode': 'ZIP code does not match the state', 'items[1].price': 'Price is too low for this item', expiresIn: 'Link lifetime is off' },
        },
      }),
    });
    renderQuotes(ADMIN_PATHS.quoteNew);
    const user = userEvent.setup({ delay: null });
    await fillNewQuote(user);
    await user.click(screen.getByRole('button', { name: 'Create the quote' }));

    const discount = screen.getByLabelText(label('Discount ($)'));
    await waitFor(() => expect(discount).toHaveAttribute('aria-invalid', 'true'));
    expect(discount).toHaveAccessibleDescription(expect.stringContaining(QUOTE_MESSAGES.discountTooLarge));
    expect(within(fieldset('Billing address')).getByLabelText(label('ZIP/Postal code'))).toHaveAccessibleDescription(expect.stringContaining('ZIP code does not match the state'));
    expect(within(fieldset('Line 2')).getByLabelText(label('Unit price ($)'))).toHaveAccessibleDescription(expect.stringContaining('Price is too low for this item'));
    const alert = screen.getAllByRole('alert').find((element) => element.classList.contains('sf-alert'))!;
    expect(alert).toHaveTextContent(QUOTE_MESSAGES.discountTooLarge);
    expect(alert).toHaveTextContent('expiresIn: Link lifetime is off');
    expect(screen.getByTestId('location')).toHaveTextContent(ADMIN_PATHS.quoteNew);
    // the first field in error has the focus
    expect(within(fieldset('Billing address')).getByLabelText(label('ZIP/Postal code'))).toHaveFocus();
  });

  it('checks the quote with the contract before sending: an empty form sends nothing', async () => {
    const fetchMock = installFakeFetch({ [API.me]: staffMe(), [API.locations]: { body: locations }, [API.quotes]: createRoute({ status: 201, body: paymentLink() }) });
    renderQuotes(ADMIN_PATHS.quoteNew);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create the quote' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Shipping method is required')).toBeInTheDocument();
    expect(within(fieldset('Line 1')).getByText('Price is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.quotes, 'POST')).toHaveLength(0);
  });

  it("picks a line from the catalog: the product's SKU, name and catalog price", async () => {
    const styles = contentStyles();
    const style = styles.find((candidate) => candidate.items.some((item) => !item.isSample))!;
    const product = style.items.find((item) => !item.isSample)!;
    installFakeFetch({ [API.me]: staffMe(), [API.locations]: { body: locations }, ...catalogRoutes(styles) });
    renderQuotes(ADMIN_PATHS.quoteNew);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from the catalog' }));
    const box = await screen.findByRole('combobox', { name: 'Add from the catalog' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, product.sku);
    await user.click(await screen.findByRole('option', { name: new RegExp(`^${product.sku} — `) }));

    const line = fieldset('Line 1');
    expect(within(line).getByLabelText(label('SKU'))).toHaveValue(product.sku);
    expect(within(line).getByLabelText(label('Product name'))).toHaveValue(product.name);
    expect(within(line).getByLabelText(label('Unit price ($)'))).toHaveValue(String(product.price));
    expect(within(line).getByLabelText(label('Qty'))).toHaveValue('1');
    // a second pick adds a line
    await user.type(box, product.sku);
    await user.click(await screen.findByRole('option', { name: new RegExp(`^${product.sku} — `) }));
    expect(fieldset('Line 2')).toBeInTheDocument();
  });

  it('the shipping address is asked for only when it differs; its country picks its state list', async () => {
    installFakeFetch({ [API.me]: staffMe(), [API.locations]: { body: locations } });
    renderQuotes(ADMIN_PATHS.quoteNew);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Ship to a different address (otherwise the billing address)'));
    const shipping = fieldset('Shipping address');
    expect(within(shipping).getByRole('combobox', { name: label('State') })).toHaveTextContent('New York');
    await user.selectOptions(within(shipping).getByLabelText(label('Country')), 'CA');
    expect(within(shipping).getByLabelText(label('State / Province / Region'))).toHaveValue('');
    await user.click(screen.getByLabelText('Ship to a different address (otherwise the billing address)'));
    expect(screen.queryByRole('group', { name: 'Shipping address' })).not.toBeInTheDocument();
  });
});

describe('/admin/quotes/:quote', () => {
  it("is prefilled from the quote; Save sends the edited quote (PUT) and shows the server's new totals", async () => {
    const saved = detail({ quote: quote({ discountAmount: 10000, total: 133990 }) });
    const fetchMock = installFakeFetch({
      [API.me]: staffMe(),
      [API.locations]: { body: locations },
      [API.quote('Q-100001')]: quoteRoute([{ body: detail() }], { body: saved }),
    });
    renderQuotes('/admin/quotes/Q-100001');
    const user = userEvent.setup();
    expect(await screen.findByLabelText(label('First name'))).toHaveValue('Ann');
    expect(screen.getByRole('heading', { level: 1, name: 'Quote Q-100001' })).toBeInTheDocument();
    expect(screen.getByLabelText(label('E-mail'))).toHaveValue('ann@example.com');
    expect(within(fieldset('Billing address')).getByLabelText(label('State'))).toHaveValue('NY');
    // the same shipping address as billing is no second address
    expect(screen.queryByRole('group', { name: 'Shipping address' })).not.toBeInTheDocument();
    expect(within(fieldset('Line 1')).getByLabelText(label('Unit price ($)'))).toHaveValue('278.99');
    expect(within(fieldset('Line 2')).getByLabelText(label('Qty'))).toHaveValue('2');
    expect(screen.getByLabelText(label('Discount ($)'))).toHaveValue('50.00');
    expect(screen.getByLabelText(label('Minimum first payment ($)'))).toHaveValue('250.00');
    expect(screen.getByLabelText(label('Notes for the customer'))).toHaveValue('Deliver after 10 am.');
    expect(screen.getByTestId('quote-saved-totals')).toHaveTextContent('Total$1,389.90');

    const discount = screen.getByLabelText(label('Discount ($)'));
    await user.clear(discount);
    await user.type(discount, '100');
    await user.click(screen.getByRole('button', { name: 'Save the quote' }));

    expect(await screen.findByText(/The quote was saved/)).toBeInTheDocument();
    const [put] = callsTo(fetchMock, API.quote('Q-100001'), 'PUT');
    // the whole quote as the form holds it, the discount as typed
    expect(bodyOf(put)).toEqual({ ...TYPED_QUOTE, additionalNotes: 'Deliver after 10 am.', discountAmount: 100 });
    expect(screen.getByTestId('quote-saved-totals')).toHaveTextContent('Total$1,339.90');
    // the form is drawn again from the saved quote
    expect(screen.getByLabelText(label('Discount ($)'))).toHaveValue('100.00');
  });

  it('shows where the quote stands: the state in words, its links, and the order it became with paid and due', async () => {
    const paid = detail({
      quote: quote({ status: 'ordered', orderId: '9d7f1e2a-0000-4000-8000-000000000001' }),
      state: 'paid_in_part',
      editable: false,
      links: [{ createdAt: '2026-11-20T15:00:00.000Z', expiresAt: '2026-12-04T15:00:00.000Z', revokedAt: null, viewedAt: '2026-11-21T15:00:00.000Z', live: false }],
      order: { number: 'SF-100013', status: 'partially_paid', paidCents: 25000, dueCents: 113990 },
    });
    installFakeFetch({ [API.me]: staffMe(), [API.locations]: { body: locations }, [API.quote('Q-100001')]: quoteRoute([{ body: paid }]) });
    renderQuotes('/admin/quotes/Q-100001');
    const panel = await screen.findByRole('region', { name: 'Where the quote stands' });
    expect(within(panel).getByText('Paid in part')).toHaveClass('sf-status', 'sf-status--warning');
    expect(panel).toHaveTextContent('The customer paid a first instalment; a balance is still due.');
    expect(within(panel).getByRole('link', { name: 'SF-100013' })).toHaveAttribute('href', '/admin/orders/SF-100013');
    expect(panel).toHaveTextContent('Paid$250.00');
    expect(panel).toHaveTextContent('Due$1,139.90');
    const linkRows = within(within(panel).getByRole('table')).getAllByRole('row');
    expect(linkRows[1]).toHaveTextContent('Nov 21, 2026');
    expect(linkRows[1]).toHaveTextContent('No');
    // a deposit is paid: no new quote link to send
    expect(within(panel).queryByRole('button', { name: 'Send new link' })).not.toBeInTheDocument();
  });

  it('is not editable once a payment was started: the form is shown disabled, with why', async () => {
    installFakeFetch({ [API.me]: staffMe(), [API.locations]: { body: locations }, [API.quote('Q-100001')]: quoteRoute([{ body: detail({ editable: false, state: 'viewed' }) }]) });
    renderQuotes('/admin/quotes/Q-100001');
    expect(await screen.findByText(QUOTE_LOCKED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText(label('First name'))).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save the quote' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add from the catalog' })).toBeDisabled();
    // the links and the PDF are still at hand
    expect(screen.getByRole('button', { name: 'Send new link' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('Revoke links asks first; keeping them sends nothing, confirming revokes and shows the new state', async () => {
    const revoked = detail({ state: 'expired', links: [{ createdAt: '2026-11-20T15:00:00.000Z', expiresAt: '2026-12-04T15:00:00.000Z', revokedAt: '2026-11-23T15:00:00.000Z', viewedAt: null, live: false }] });
    const fetchMock = installFakeFetch({
      [API.me]: staffMe(),
      [API.locations]: { body: locations },
      [API.quote('Q-100001')]: quoteRoute([{ body: detail() }]),
      [API.revoke('Q-100001')]: revokeAnswer(1, revoked),
    });
    renderQuotes('/admin/quotes/Q-100001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke links' }));
    const confirm = screen.getByRole('group', { name: /Revoke every payment link of Q-100001\?/ });
    expect(within(confirm).getByRole('button', { name: 'Yes, revoke the links' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Keep the links' }));
    expect(screen.queryByRole('group', { name: /Revoke every payment link/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revoke links' })).toHaveFocus());
    expect(callsTo(fetchMock, API.revoke('Q-100001'), 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke links' }));
    await user.click(screen.getByRole('button', { name: 'Yes, revoke the links' }));
    expect(await screen.findByText('1 link was revoked: it no longer works.')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.revoke('Q-100001'), 'POST')).toHaveLength(1);
    const panel = screen.getByRole('region', { name: 'Where the quote stands' });
    expect(within(panel).getByText('Expired')).toHaveClass('sf-status--danger');
    expect(screen.getByRole('button', { name: 'Revoke links' })).toBeDisabled();
  });

  it('Send new link e-mails it (send: true); New link without e-mail shows the absolute link once to copy', async () => {
    const fresh = paymentLink({ token: 'tok_second', paymentLink: 'https://shop.example.com/quote/payment?quoteId=5f0c2a52-3d3b-4a59-9d7a-1f1c4d3b2a10&token=tok_second', paymentPath: '/quote/payment?quoteId=5f0c2a52-3d3b-4a59-9d7a-1f1c4d3b2a10&token=tok_second' });
    const fetchMock = installFakeFetch({
      [API.me]: staffMe(),
      [API.locations]: { body: locations },
      [API.quote('Q-100001')]: quoteRoute([{ body: detail() }]),
      [API.links('Q-100001')]: (init) => {
        const body = bodyOf(init) as { send?: boolean };
        return { status: 201, body: body.send ? paymentLink({ emailQueued: true }) : fresh };
      },
    });
    renderQuotes('/admin/quotes/Q-100001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send new link' }));
    expect(await screen.findByText('A new payment link was e-mailed to ann@example.com. The older link no longer works.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment link' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New link without e-mail' }));
    const notice = await screen.findByRole('region', { name: 'Payment link' });
    expect(within(notice).getByRole('link', { name: fresh.paymentLink })).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Copy link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(fresh.paymentLink);

    const calls = callsTo(fetchMock, API.links('Q-100001'), 'POST');
    expect(calls.map(bodyOf)).toEqual([{ send: true }, {}]);
    // each new link is its own write, under its own Idempotency-Key (a retry would repeat it, not revoke it)
    const keys = calls.map((init) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys.every((key) => /^[\w-]{16,}$/.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(2);
    // each new link asks for the quote again (its links changed)
    await waitFor(() => expect(callsTo(fetchMock, API.quote('Q-100001')).length).toBeGreaterThanOrEqual(3));
  });

  it("an unknown quote reads 'Quote not found' with the way back to the list", async () => {
    installFakeFetch({ [API.me]: staffMe(), [API.locations]: { body: locations }, [API.quote('Q-999999')]: { status: 404, body: { success: false, statusCode: 404, message: 'Quote not found.', errorType: 'quoteNotExist' } } });
    renderQuotes('/admin/quotes/Q-999999');
    expect(await screen.findByText('Quote not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the quotes' })).toHaveAttribute('href', ADMIN_PATHS.quotes);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('an outage shows the error with Retry, which asks again', async () => {
    installFakeFetch({
      [API.me]: staffMe(),
      [API.locations]: { body: locations },
      [API.quote('Q-100001')]: quoteRoute([{ status: 503, body: { message: 'The orders service is unavailable.' } }, { body: detail() }]),
    });
    renderQuotes('/admin/quotes/Q-100001');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The quote could not be loaded');
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Where the quote stands' })).toBeInTheDocument();
  });
});
