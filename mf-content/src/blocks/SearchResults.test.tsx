import type { SearchHit, SearchResponse, SearchResultsBlock } from '@storefront/contracts';
import { installFakeFetch, LocationProbe } from '@storefront/ui/testing';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import SearchResults from './SearchResults';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const block: SearchResultsBlock = { id: 'results', type: 'search-results', pageSize: 2 };
const hit = (n: number, kind: SearchHit['kind'] = 'style'): SearchHit => ({
  kind,
  name: `Hit ${n}`,
  title: `Hit ${n}`,
  description: `About hit ${n}.`,
  url: kind === 'blog' ? `/blogs/hit-${n}` : `/products/kitchen-cabinets/rta-kitchen-cabinets/h${n}`,
  image: { src: `/images/h${n}.svg`, altText: 'x', width: 1200, height: 800 },
  ...(kind === 'product' ? { sku: `H-${n}` } : {}),
  categories: kind === 'blog' ? [{ name: 'Kitchen Design', url: '/blogs/category/kitchen-design' }] : [],
});
const response = (query: string, page: number, items: SearchHit[], total: number): SearchResponse => ({
  query,
  items,
  total,
  page,
  pageSize: 2,
  totalPages: Math.ceil(total / 2),
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SearchResults block={block} position={1} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('SearchResults', () => {
  it('prompts before a search, keeps the button disabled while blank, and searches with ?query=', async () => {
    installFakeFetch({ '/api/search?query=shaker&pageSize=2': { body: response('shaker', 1, [hit(1), hit(2, 'blog')], 2) } });
    renderAt('/search');
    expect(screen.getByText('Type a style name, a finish, a SKU or a topic, then press Search.')).toBeVisible();
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toBeDisabled();
    const box = screen.getByRole('searchbox', { name: 'Search the site' });
    await userEvent.type(box, '   ');
    expect(button).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, ' shaker {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?query=shaker');
    expect(await screen.findByRole('link', { name: 'Hit 1' })).toHaveAttribute('href', '/products/kitchen-cabinets/rta-kitchen-cabinets/h1');
    expect(screen.getByText('Article')).toBeVisible();
    expect(screen.getByText('2 results for')).toBeVisible();
  });

  it('shows each result’s name, type, image and categories (links to the category pages)', async () => {
    const cabinet: SearchHit = {
      ...hit(3, 'product'),
      name: 'Shaker Snow White Base Cabinet 12"W',
      title: 'Shaker Snow White Base Cabinet 12"W',
      categories: [
        { name: 'Shaker Cabinets', url: '/categories/shaker' },
        { name: 'Kitchen Cabinets', url: '/categories/kitchen' },
      ],
    };
    installFakeFetch({ '/api/search?query=base&pageSize=2': { body: response('base', 1, [cabinet, hit(2, 'blog')], 2) } });
    renderAt('/search?query=base');
    const [first, second] = await screen.findAllByRole('article');
    expect(first!.querySelector('h3')).toHaveTextContent('Shaker Snow White Base Cabinet 12"W');
    expect(first).toHaveTextContent('Product · SKU H-3');
    expect(first!.querySelector('img')).toHaveAttribute('src', '/images/h3.svg');
    expect(screen.getByRole('link', { name: 'Shaker Cabinets' })).toHaveAttribute('href', '/categories/shaker');
    expect(screen.getByRole('link', { name: 'Kitchen Cabinets' })).toHaveAttribute('href', '/categories/kitchen');
    expect(first!.querySelector('.content-search__categories')).toHaveTextContent('Categories: Shaker Cabinets, Kitchen Cabinets');
    expect(second!.querySelector('.content-search__categories')).toHaveTextContent('Category: Kitchen Design');
    // the title is not repeated under a name that says the same
    expect(first!.querySelector('.content-search__hit-subtitle')).toBeNull();
  });

  it('asks for 3 characters instead of searching, from the box and from the address', async () => {
    const fetchMock = installFakeFetch({});
    renderAt('/search?query=ab');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter at least 3 characters to search.');
    const box = screen.getByRole('searchbox');
    await userEvent.clear(box);
    await userEvent.type(box, 'x{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter at least 3 characters to search.');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?query=ab');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says "No results found." for no match', async () => {
    installFakeFetch({ '/api/search?query=zzzz&pageSize=2': { body: response('zzzz', 1, [], 0) } });
    renderAt('/search?query=zzzz');
    expect(await screen.findByText('No results found.')).toBeVisible();
  });

  it('shows the error with Retry when the search fails', async () => {
    installFakeFetch({ '/api/search?query=oak&pageSize=2': [{ status: 502, body: { message: 'Bad gateway' } }, { body: response('oak', 1, [hit(1)], 1) }] });
    renderAt('/search?query=oak');
    expect(await screen.findByText('Search is unavailable right now.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Hit 1' })).toBeVisible();
  });

  it('pages through the results with Previous, Next and page numbers', async () => {
    installFakeFetch({
      '/api/search?query=oak&pageSize=2': { body: response('oak', 1, [hit(1), hit(2, 'product')], 5) },
      '/api/search?query=oak&page=2&pageSize=2': { body: response('oak', 2, [hit(3), hit(4)], 5) },
    });
    renderAt('/search?query=oak');
    expect(await screen.findByText('Showing 1–2 of 5 results for')).toBeVisible();
    expect(screen.getByText('· SKU H-2')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/search?query=oak&page=2');
    expect(await screen.findByRole('link', { name: 'Hit 3' })).toBeVisible();
    expect(screen.getByText('2', { selector: '[aria-current="page"]' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/search?query=oak&page=3');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/search?query=oak');
  });
});
