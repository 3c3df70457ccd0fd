import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_PATHS } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { API, callsTo, quote, quoteList, renderQuotes, staffMe } from './test-support/quote-fixtures';

const FIRST_PAGE = `${API.quotes}?limit=25`;

const newest = quote({ id: '0b5c1c55-0000-4000-8000-000000000003', quoteIncrementId: 'Q-100003', firstName: 'Bo', lastName: 'Chen', email: 'bo@example.com', createdAt: '2026-11-22T15:00:00.000Z', total: 250000 });
const middle = quote({ id: '0b5c1c55-0000-4000-8000-000000000002', quoteIncrementId: 'Q-100002', status: 'ordered', total: 138990 });
const oldest = quote({ id: '0b5c1c55-0000-4000-8000-000000000001', quoteIncrementId: 'Q-100001', firstName: 'Cy', lastName: 'Diaz', email: 'cy@example.com', createdAt: '2026-11-18T15:00:00.000Z', total: 9900 });

function rows() {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

describe('/admin/quotes', () => {
  it('lists the quotes newest first: number linking to the quote, customer, e-mail, created, total, status badge; New quote', async () => {
    installFakeFetch({ [API.me]: staffMe(), [FIRST_PAGE]: quoteList([newest, middle]) });
    renderQuotes(ADMIN_PATHS.quotes);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the back office…');

    await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Quotes' })).toBeInTheDocument();
    const [first, second] = rows();
    expect(within(first!).getByRole('link', { name: 'Q-100003' })).toHaveAttribute('href', '/admin/quotes/Q-100003');
    for (const text of ['Bo Chen', 'bo@example.com', 'Nov 22, 2026', '$2,500.00', 'Ready To Order']) expect(first).toHaveTextContent(text);
    expect(within(second!).getByRole('link', { name: 'Q-100002' })).toHaveAttribute('href', '/admin/quotes/Q-100002');
    expect(within(second!).getByText('Ordered')).toHaveClass('sf-status--success');
    expect(second).toHaveTextContent('$1,389.90');
    expect(screen.getByRole('link', { name: 'New quote' })).toHaveAttribute('href', ADMIN_PATHS.quoteNew);
    expect(screen.queryByRole('button', { name: 'Load more quotes' })).not.toBeInTheDocument();
  });

  it('pages by keyset: Load more asks for the page after the last quote shown and adds it; the last page has no Load more', async () => {
    const fetchMock = installFakeFetch({
      [API.me]: staffMe(),
      [FIRST_PAGE]: quoteList([newest, middle], 'Q-100002'),
      [`${API.quotes}?limit=25&after=Q-100002`]: quoteList([oldest], null),
    });
    renderQuotes(ADMIN_PATHS.quotes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more quotes' }));

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((row) => within(row).getAllByRole('link')[0]?.textContent)).toEqual(['Q-100003', 'Q-100002', 'Q-100001']);
    expect(rows()[2]).toHaveTextContent('$99.00');
    expect(screen.queryByRole('button', { name: 'Load more quotes' })).not.toBeInTheDocument();
    expect(screen.getByText(/3 quotes shown\./)).toBeInTheDocument();
    expect(callsTo(fetchMock, `${API.quotes}?limit=25&after=Q-100002`)).toHaveLength(1);
  });

  it('a failed next page says so and keeps the list; Load more tries again', async () => {
    installFakeFetch({
      [API.me]: staffMe(),
      [FIRST_PAGE]: quoteList([newest], 'Q-100003'),
      [`${API.quotes}?limit=25&after=Q-100003`]: [{ status: 503, body: { message: 'The orders service is unavailable.' } }, quoteList([oldest])],
    });
    renderQuotes(ADMIN_PATHS.quotes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more quotes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The next quotes could not be loaded: The orders service is unavailable.');
    expect(rows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more quotes' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('filters by status through the address (?status=), asking the server for that status only', async () => {
    const fetchMock = installFakeFetch({
      [API.me]: staffMe(),
      [FIRST_PAGE]: quoteList([newest, middle]),
      [`${API.quotes}?status=ordered&limit=25`]: quoteList([middle]),
    });
    renderQuotes(ADMIN_PATHS.quotes);
    await screen.findByRole('table');
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Ordered');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/quotes?status=ordered'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Q-100002');
    expect(callsTo(fetchMock, `${API.quotes}?status=ordered&limit=25`)).toHaveLength(1);
  });

  it("without quotes: 'No quotes yet' with the New quote action", async () => {
    installFakeFetch({ [API.me]: staffMe(), [FIRST_PAGE]: quoteList([]) });
    renderQuotes(ADMIN_PATHS.quotes);
    expect(await screen.findByText('No quotes yet')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'New quote' });
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link).toHaveAttribute('href', ADMIN_PATHS.quoteNew);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("an outage shows the server's message with Retry, which asks again", async () => {
    installFakeFetch({ [API.me]: staffMe(), [FIRST_PAGE]: [{ status: 503, body: { message: 'The orders service is unavailable.' } }, quoteList([newest])] });
    renderQuotes(ADMIN_PATHS.quotes);
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The quotes could not be loaded');
    expect(error).toHaveTextContent('The orders service is unavailable.');
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Q-100003' })).toBeInTheDocument();
  });

  it('without a staff session goes to sign in, which comes back here', async () => {
    installFakeFetch({ [API.me]: { status: 401, body: { message: 'Please sign in.' } } });
    renderQuotes(`${ADMIN_PATHS.quotes}?status=ordered`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/sign-in?returnTo=/admin/quotes%3Fstatus%3Dordered'));
  });
});
