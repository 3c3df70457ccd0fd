import type { BlogListResponse } from '@storefront/contracts';
import { render, screen } from '@testing-library/react';
import { installFakeFetch } from '@storefront/ui/testing';
import { MemoryRouter } from 'react-router-dom';
import BlogListPage from './BlogListPage';
import { card } from './test-fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <BlogListPage />
    </MemoryRouter>,
  );
}

describe('BlogListPage', () => {
  it('shows a page of cards and links to the other pages', async () => {
    const answer: BlogListResponse = { items: [card('shaker'), card('islands')], total: 11, page: 2, pageSize: 2, totalPages: 6 };
    installFakeFetch({ '/api/content/blogs?page=2': [{ status: 200, body: answer }] }, { unknownUrl: 'network-error' });
    renderAt('/blogs?page=2');
    expect(await screen.findByRole('link', { name: 'Title of shaker' })).toHaveAttribute('href', '/blogs/shaker');
    expect(screen.getAllByRole('link', { name: 'Maria Alvarez' })[0]).toHaveAttribute('href', '/blogs/authors/maria-alvarez');
    expect(screen.getAllByText('October 28, 2026')).toHaveLength(2);
    const pages = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(pages).toHaveTextContent('Previous');
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/blogs?page=3');
  });

  it('on a page past the end says there are no posts and leads back to the first and the last page', async () => {
    installFakeFetch({ '/api/content/blogs?page=40': [{ status: 200, body: { items: [], total: 11, page: 40, pageSize: 2, totalPages: 6 } }] });
    renderAt('/blogs?page=40');
    expect(await screen.findByText('No Blogs Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute('href', '/blogs');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/blogs?page=6');
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('reads a page number it cannot use as the first page', async () => {
    installFakeFetch({ '/api/content/blogs': [{ status: 200, body: { items: [card('shaker')], total: 1, page: 1, pageSize: 9, totalPages: 1 } }] }, { unknownUrl: 'network-error' });
    renderAt('/blogs?page=-3');
    expect(await screen.findByRole('link', { name: 'Title of shaker' })).toBeInTheDocument();
  });

  it('says so when there are no posts', async () => {
    installFakeFetch({ '/api/content/blogs': [{ status: 200, body: { items: [], total: 0, page: 1, pageSize: 9, totalPages: 1 } }] });
    renderAt('/blogs');
    expect(await screen.findByText('No Blogs Found')).toBeInTheDocument();
  });

  it('shows the spec error with Retry when the blog data fails', async () => {
    installFakeFetch({}, { unknownUrl: 'network-error' });
    renderAt('/blogs');
    expect(await screen.findByText('Error Loading Data')).toBeInTheDocument();
    expect(screen.getByText('There was an error loading the blog data. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});
