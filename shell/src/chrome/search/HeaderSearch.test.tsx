import type { SearchHit, SearchResponse, SiteData } from '@storefront/contracts';
import type { JsonResult } from '@storefront/ui';
import { installFakeFetch, LocationProbe } from '@storefront/ui/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SiteDataContext } from '../site-data';
import { HeaderSearch, nextActiveIndex } from './HeaderSearch';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const STYLE: SearchHit = {
  kind: 'style',
  name: 'Shaker Snow White',
  title: 'Shaker Snow White',
  description: 'A white shaker door.',
  url: '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw',
  image: { src: '/images/ssw.svg', altText: 'kitchen', width: 1200, height: 800 },
  sku: 'SSW',
  categories: [{ name: 'Shaker Cabinets', url: '/categories/shaker' }],
};
const SAMPLE: SearchHit = {
  kind: 'product',
  name: 'Shaker Snow White Sample Door - Alabaster',
  title: 'Shaker Snow White Sample Door - Alabaster',
  description: 'Free sample door.',
  url: '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw?type=paint&value=alabaster',
  sku: 'SSW-SMPL-ALB',
  categories: [{ name: 'Shaker Cabinets', url: '/categories/shaker' }],
};
const answer = (query: string, items: SearchHit[]): SearchResponse => ({ query, items, total: items.length, page: 1, pageSize: 6, totalPages: items.length ? 1 : 0 });

function renderSearch(resultsPath?: string) {
  const site = { name: 'Heartwood', featureFlags: {}, ...(resultsPath ? { search: { resultsPath } } : {}) } as unknown as SiteData['site'];
  const value: JsonResult<SiteData> = { status: 'ready', data: { site, menus: { header: [], footer: [] } }, reload: jest.fn() };
  render(
    <MemoryRouter initialEntries={['/about-us']}>
      <SiteDataContext.Provider value={value}>
        <HeaderSearch />
        <button type="button">Elsewhere</button>
        <LocationProbe />
      </SiteDataContext.Provider>
    </MemoryRouter>,
  );
  return screen.getByRole('combobox', { name: 'Search products and articles' });
}

describe('HeaderSearch', () => {
  it('opens on focus and asks for 3 characters; submitting too little goes nowhere', async () => {
    const fetchMock = installFakeFetch({});
    const box = renderSearch();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Please enter at least 3 characters to search.')).toBeVisible();
    await userEvent.type(box, 'ab{Enter}');
    expect(screen.getByText('Please enter at least 3 characters to search.')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/about-us');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('suggests from 3 characters, once typing pauses, and links to all results', async () => {
    const fetchMock = installFakeFetch({ '/api/search?query=shak&limit=6': { body: answer('shak', [STYLE, SAMPLE]) } });
    const box = renderSearch();
    await userEvent.click(box);
    // two quick changes (paste, then one more key) within the pause: only the last one is asked for
    await userEvent.paste('sha');
    await userEvent.keyboard('k');
    expect(await screen.findByRole('option', { name: /Shaker Snow White Cabinet style/ })).toBeVisible();
    expect(screen.getByRole('option', { name: /Alabaster Product · SSW-SMPL-ALB/ })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search?query=shak&limit=6');
    const seeAll = screen.getByRole('link', { name: 'See all Result' });
    expect(seeAll).toHaveAttribute('href', '/search?query=shak');
    await userEvent.click(seeAll);
    expect(screen.getByTestId('location')).toHaveTextContent('/search?query=shak');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves through suggestions with the arrow keys and opens one with Enter', async () => {
    installFakeFetch({ '/api/search?query=snow&limit=6': { body: answer('snow', [STYLE, SAMPLE]) } });
    const box = renderSearch();
    await userEvent.type(box, 'snow');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw?type=paint&value=alabaster');
  });

  it('submits to the configured results path with the query', async () => {
    installFakeFetch({ '/api/search?query=white+oak&limit=6': { body: answer('white oak', []) } });
    const box = renderSearch('/find');
    await userEvent.type(box, '  white   oak {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/find?query=white+oak');
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/find');
    expect(form).toHaveAttribute('method', 'get');
    expect(box).toHaveAttribute('name', 'query');
  });

  it('says when nothing matches, and closes on Escape and on a click elsewhere', async () => {
    installFakeFetch({ '/api/search?query=zzzz&limit=6': { body: answer('zzzz', []) } });
    const box = renderSearch();
    await userEvent.type(box, 'zzzz');
    expect(await screen.findByText('No results found.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'See all Result' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows loading, then an error with Retry when the search is down', async () => {
    installFakeFetch({ '/api/search?query=oak&limit=6': [{ status: 502 }, { body: answer('oak', [STYLE]) }] });
    const box = renderSearch();
    await userEvent.type(box, 'oak');
    expect(screen.getByText('Searching…')).toBeVisible();
    const popup = screen.getByRole('listbox').parentElement!;
    expect(await within(popup).findByRole('alert')).toHaveTextContent('Search is unavailable right now.');
    await userEvent.click(within(popup).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: /Shaker Snow White/ })).toBeVisible();
  });

  it('on a phone, the search button opens the field', async () => {
    installFakeFetch({});
    renderSearch();
    const toggle = screen.getByRole('button', { name: 'Open search', expanded: false });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('nextActiveIndex', () => {
  it('cycles through the suggestions and back to the field', () => {
    expect(nextActiveIndex(-1, 1, 3)).toBe(0);
    expect(nextActiveIndex(2, 1, 3)).toBe(-1);
    expect(nextActiveIndex(-1, -1, 3)).toBe(2);
    expect(nextActiveIndex(0, -1, 3)).toBe(-1);
    expect(nextActiveIndex(-1, 1, 0)).toBe(-1);
  });
});
