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

describe('BlogCategoryPage', () => {
  it('shows the banner, title and description, the posts, popular posts and categories with counts', async () => {
    installFakeFetch({ '/api/content/blogs/categories/kitchen-design': [{ status: 200, body: answer }] });
    renderAt('/blogs/category/kitchen-design');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen Design Articles' })).toBeInTheDocument();
    expect(screen.getByText('Guides on Kitchen Design.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A kitchen' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Kitchen Design articles' })).getAllByRole('article')).toHaveLength(2);
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

  it('shows "Blog Category Not Found" for an unknown category', async () => {
    installFakeFetch({ '/api/content/blogs/categories/nothing': [{ status: 404, body: { message: 'Blog Category Not Found' } }] });
    renderAt('/blogs/category/nothing');
    expect(await screen.findByRole('heading', { name: 'Blog Category Not Found' })).toBeInTheDocument();
  });
});
