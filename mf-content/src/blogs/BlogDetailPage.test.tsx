import type { BlogDetailResponse } from '@storefront/contracts';
import { render, screen, within } from '@testing-library/react';
import { installFakeFetch } from '@storefront/ui/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import BlogDetailPage from './BlogDetailPage';
import { card, maria } from './test-fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const detail: BlogDetailResponse = {
  post: card('shaker', { title: 'Shaker vs Slab' }),
  author: maria,
  html: '<h2>Shaker doors</h2><p>A frame.</p><img src="x" onerror="alert(1)">',
  recent: [card('islands')],
  categories: [{ name: 'Kitchen Design', slug: 'kitchen-design', count: 3 }],
  sidebarTitle: 'Categories',
};

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/blogs/:blogDetailPath" element={<BlogDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BlogDetailPage', () => {
  it('shows the article with its author, date, socials, categories and recent articles', async () => {
    installFakeFetch({ '/api/content/blogs/posts/shaker': [{ status: 200, body: detail }] });
    renderAt('/blogs/shaker');
    expect(screen.getByRole('status')).toHaveTextContent('Loading blog content...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shaker vs Slab' })).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Shaker vs Slab' });
    expect(within(article).getByRole('link', { name: 'Maria Alvarez' })).toHaveAttribute('href', '/blogs/authors/maria-alvarez');
    expect(within(article).getByText('October 28, 2026')).toBeInTheDocument();
    // rich text shows once the browser's sanitiser has loaded (SafeHtml)
    expect(await screen.findByRole('heading', { level: 2, name: 'Shaker doors' })).toBeInTheDocument();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Maria Alvarez on LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/in/maria');
    const sidebar = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(sidebar).getByRole('link', { name: /Kitchen Design/ })).toHaveAttribute('href', '/blogs/category/kitchen-design');
    expect(within(sidebar).getByLabelText('3 articles')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Articles' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Title of islands' })).toBeInTheDocument();
  });

  it('says so when the article is missing, and when there are no categories', async () => {
    installFakeFetch({ '/api/content/blogs/posts/shaker': [{ status: 200, body: { ...detail, html: null, categories: [] } }] });
    renderAt('/blogs/shaker');
    expect(await screen.findByText('There was an issue loading this blog. Please refresh the page or try again later.')).toBeInTheDocument();
    expect(screen.getByText('No categories available')).toBeInTheDocument();
  });

  it('shows "Blog not found" for an unknown post', async () => {
    installFakeFetch({ '/api/content/blogs/posts/nope': [{ status: 404, body: { message: 'Blog not found' } }] });
    renderAt('/blogs/nope');
    expect(await screen.findByRole('heading', { name: 'Blog not found' })).toBeInTheDocument();
  });
});
