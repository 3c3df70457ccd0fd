import type { BlogAuthorPostsResponse } from '@storefront/contracts';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { installFakeFetch, LocationProbe } from '@storefront/ui/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import BlogAuthorPage from './BlogAuthorPage';
import { card, maria } from './test-fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const all: BlogAuthorPostsResponse = { author: maria, query: '', items: [card('shaker'), card('islands')] };

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/blogs/authors/:authorId" element={<BlogAuthorPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('BlogAuthorPage', () => {
  it("shows the author's card and posts, and searches with ?query= (blank searches do nothing)", async () => {
    installFakeFetch({
      '/api/content/blogs/authors/maria-alvarez': [{ status: 200, body: all }],
      '/api/content/blogs/authors/maria-alvarez?query=island': [{ status: 200, body: { ...all, query: 'island', items: [card('islands')] } }],
      '/api/content/blogs/authors/maria-alvarez?query=zzz': [{ status: 200, body: { ...all, query: 'zzz', items: [] } }],
    });
    renderAt('/blogs/authors/maria-alvarez');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Alvarez' })).toBeInTheDocument();
    expect(screen.getByText('Lead Kitchen Designer')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);

    const box = screen.getByRole('searchbox', { name: 'Search articles by Maria Alvarez' });
    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/blogs/authors/maria-alvarez');
    expect(screen.getByTestId('location').textContent).not.toContain('query');

    await userEvent.clear(box);
    await userEvent.type(box, 'island{Enter}');
    expect(await screen.findByText('Showing results for:')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/blogs/authors/maria-alvarez?query=island');
    expect(screen.getAllByRole('article')).toHaveLength(1);

    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'zzz{Enter}');
    expect(await screen.findByText('No Blogs Found')).toBeInTheDocument();
  });

  it('shows "Blog Author Not Found" for an unknown author', async () => {
    installFakeFetch({ '/api/content/blogs/authors/nobody': [{ status: 404, body: { message: 'Blog Author Not Found' } }] });
    renderAt('/blogs/authors/nobody');
    expect(await screen.findByRole('heading', { name: 'Blog Author Not Found' })).toBeInTheDocument();
  });
});
