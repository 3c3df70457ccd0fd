import type { BlogCategoryPostsResponse } from '@storefront/contracts';
import { render, screen, within } from '@testing-library/react';
import { installFakeFetch } from '@storefront/ui/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import BlogCategoryPage from './BlogCategoryPage';
import { card } from './test-fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const answer: BlogCategoryPostsResponse = {
  category: { name: 'Kitchen Design', slug: 'kitchen-design', count: 2 },
  title: 'Kitchen Design Articles',
  description: 'Guides on Kitchen Design.',
  banner: { src: '/images/blogs/category-banner.svg', altText: 'A kitchen', width: 1920, height: 712 },
  query: '',
  items: [card('shaker'), card('islands')],
  popular: [card('budget', { title: 'Budget guide', isPopular: true })],
  categories: [
    { name: 'Bath & Vanities', slug: 'bath-vanities', count: 2 },
    { name: 'Kitchen Design', slug: 'kitchen-design', count: 2 },
  ],
  sidebarTitle: 'Categories',
};

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/blogs/category/:categorySlug" element={<BlogCategoryPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

// The cards are the site's slider on Embla, which needs layout, matchMedia and IntersectionObserver
// (jsdom has none); the real library runs in e2e. Without it the server-rendered slider markup stays.
jest.mock('embla-carousel-react', () => ({ __esModule: true, default: () => [() => undefined, undefined] }));

describe('BlogCategoryPage', () => {
  it('shows the banner, title and description, the posts, popular posts and categories with counts', async () => {
    installFakeFetch({ '/api/content/blogs/categories/kitchen-design': [{ status: 200, body: answer }] });
    renderAt('/blogs/category/kitchen-design');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen Design Articles' })).toBeInTheDocument();
    expect(screen.getByText('Guides on Kitchen Design.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A kitchen' })).toBeInTheDocument();
    // one set of cards: a grid from 768 px, a slider with dots below (CSS decides)
    const cards = screen.getByRole('region', { name: 'Kitchen Design articles' });
    expect(cards).toHaveAttribute('aria-roledescription', 'carousel');
    expect(cards).toHaveClass('sf-slider--grid-from-768', 'sf-slider--dots-below-480', 'sf-slider--d3', 'sf-slider--t2');
    expect(within(cards).getAllByRole('article')).toHaveLength(2);
    expect(within(cards).getByRole('button', { name: 'Go to slide 2 of 2: Title of islands' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Budget guide' })).toHaveAttribute('href', '/blogs/budget');
    const categories = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: /Bath & Vanities/ })).toHaveAttribute('href', '/blogs/category/bath-vanities');
    expect(within(categories).getByRole('link', { name: /Kitchen Design/ })).toHaveAttribute('aria-current', 'page');
  });

  it('tells an empty category from a search with no match', async () => {
    installFakeFetch({
      '/api/content/blogs/categories/kitchen-design': [{ status: 200, body: { ...answer, items: [] } }],
      '/api/content/blogs/categories/kitchen-design?query=zzz': [{ status: 200, body: { ...answer, query: 'zzz', items: [] } }],
    });
    renderAt('/blogs/category/kitchen-design');
    expect(await screen.findByText('No Blogs Found')).toBeInTheDocument();
  });

  it('says "No blogs found in this category." when a search matches nothing', async () => {
    installFakeFetch({
      '/api/content/blogs/categories/kitchen-design?query=zzz': [{ status: 200, body: { ...answer, query: 'zzz', items: [] } }],
    });
    renderAt('/blogs/category/kitchen-design?query=zzz');
    expect(await screen.findByText('No blogs found in this category.')).toBeInTheDocument();
    expect(screen.getByText('Showing results for:')).toBeInTheDocument();
  });

  it('shows "Invalid author data" when the content service reports a broken author', async () => {
    installFakeFetch({
      '/api/content/blogs/categories/kitchen-design': [{ status: 500, body: { statusCode: 500, message: 'Invalid author data', errorType: 'invalidAuthorData' } }],
    });
    renderAt('/blogs/category/kitchen-design');
    expect(await screen.findByText('Invalid author data')).toBeInTheDocument();
    expect(screen.queryByText('Error Loading Data')).toBeNull();
    // retrying cannot mend the content
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
  });

  it('shows "Invalid blog data" for broken posts, and "Error Loading Data" with Retry for any other failure', async () => {
    installFakeFetch({
      '/api/content/blogs/categories/kitchen-design': [{ status: 500, body: { statusCode: 500, message: 'Invalid blog data', errorType: 'invalidBlogData' } }],
      '/api/content/blogs/categories/design': [{ status: 500, body: { statusCode: 500, message: 'Something went wrong', errorType: 'somethingElse' } }],
    });
    renderAt('/blogs/category/kitchen-design');
    expect(await screen.findByText('Invalid blog data')).toBeInTheDocument();
    renderAt('/blogs/category/design');
    expect(await screen.findByText('Error Loading Data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('shows "Blog Category Not Found" for an unknown category', async () => {
    installFakeFetch({ '/api/content/blogs/categories/nothing': [{ status: 404, body: { message: 'Blog Category Not Found' } }] });
    renderAt('/blogs/category/nothing');
    expect(await screen.findByRole('heading', { name: 'Blog Category Not Found' })).toBeInTheDocument();
  });
});
