import type { CatalogListingResponse, ProductListingBlock, ProductStyleCard } from '@storefront/contracts';
import { CATALOG_SORT_OPTIONS } from '@storefront/contracts';
import { PageDataContext, PageDataStore, type PageDataEntry } from '@storefront/ui';
import { LocationProbe } from '@storefront/ui/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { listingApiUrl } from './listing-address';
import ProductListing, { NO_DATA_MESSAGE, NO_DATA_TITLE, NO_ITEMS_TEXT } from './ProductListing';

function card(code: string, title: string): ProductStyleCard {
  return {
    code,
    title,
    path: `/products/kitchen-cabinets/rta-kitchen-cabinets/${code}`,
    image: null,
    shortDescription: '<ul><li>Solid wood</li></ul>',
    label: null,
    labels: [],
    doorStyle: 'shaker',
    addedOn: '2024-01-01',
    swatches: [],
  };
}

function listing(overrides: Partial<CatalogListingResponse> = {}): CatalogListingResponse {
  return {
    items: [card('ssw', 'Shaker Snow White'), card('cbs', 'Charleston Blue Shaker')],
    total: 5,
    page: 1,
    pageSize: 2,
    totalPages: 3,
    sort: 'a-z',
    sortOptions: CATALOG_SORT_OPTIONS.map((option) => ({ ...option })),
    filters: [
      {
        name: 'doorStyle',
        label: 'Door Style',
        options: [
          { value: 'shaker', label: 'Shaker', count: 4, selected: false },
          { value: 'slab', label: 'Slab', count: 0, selected: false },
        ],
      },
    ],
    ...overrides,
  };
}

function renderListing(block: Partial<ProductListingBlock>, address: string, answers: Record<string, PageDataEntry<unknown>>) {
  const store = new PageDataStore({ mode: 'browser', fetch: () => new Promise(() => {}), initial: answers });
  return render(
    <PageDataContext.Provider value={store}>
      <MemoryRouter initialEntries={[`/list${address}`]}>
        <ProductListing block={{ id: 'l', type: 'product-listing', title: 'Styles', pageSize: 2, ...block }} position={0} />
        <LocationProbe />
      </MemoryRouter>
    </PageDataContext.Provider>,
  );
}

const ready = (data: unknown): PageDataEntry<unknown> => ({ status: 'ready', httpStatus: 200, data });
const url = (query: string, page: number) => listingApiUrl(new URLSearchParams(query), page, 2);

describe('ProductListing', () => {
  it('shows the page of cards, the count and page numbers; an option nothing matches cannot be chosen', () => {
    renderListing({}, '', { [url('', 1)]: ready(listing()) });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Shaker Snow White', 'Charleston Blue Shaker']);
    expect(screen.getByText('Showing 1–2 of 5 styles')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Product pages' })).toBeInTheDocument();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(filters).getByRole('checkbox', { name: /Slab/ })).toBeDisabled();
  });

  it('a filter or sort change writes the address and drops the page', async () => {
    renderListing({}, '?page=2', { [url('page=2', 2)]: ready(listing({ page: 2 })) });
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(filters).getByRole('checkbox', { name: /Shaker/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('?doorStyle=shaker');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'newest');
    expect(screen.getByTestId('location')).toHaveTextContent('?doorStyle=shaker&sort=newest');
  });

  it('no match under a selection: "No items available"; an empty catalog: "No Data Found"', () => {
    const chosen = listing({ items: [], total: 0, totalPages: 1 });
    chosen.filters[0]!.options[1]!.selected = true;
    const { unmount } = renderListing({}, '?doorStyle=slab', { [url('doorStyle=slab', 1)]: ready(chosen) });
    expect(screen.getByText(NO_ITEMS_TEXT)).toBeInTheDocument();
    unmount();
    renderListing({}, '', { [url('', 1)]: ready(listing({ items: [], total: 0, totalPages: 1 })) });
    expect(screen.getByText(NO_DATA_TITLE)).toBeInTheDocument();
    expect(screen.getByText(NO_DATA_MESSAGE)).toBeInTheDocument();
  });

  it('load-more shows pages 1 to page, and Load More asks for the next', async () => {
    renderListing({ paginationType: 'load-more' }, '?page=2', {
      [url('page=2', 1)]: ready(listing()),
      [url('page=2', 2)]: ready(listing({ page: 2, items: [card('klw', 'Kingston Linen White'), card('se', 'Slab Espresso')] })),
    });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.getByText('Showing 1–4 of 5 styles')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?page=3');
    expect(screen.getByText('Loading page 3…')).toBeInTheDocument();
  });

  it('a failed load offers Retry', () => {
    renderListing({}, '', { [url('', 1)]: { status: 'error', error: 'Could not reach the server.' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the server.');
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
