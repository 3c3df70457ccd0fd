import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { installFakeFetch, type FakeAnswer, LocationProbe } from '@storefront/ui/testing';
import { detail, summaries } from '../fixtures.test-data.js';
import CategoryShowcasePage from './CategoryShowcasePage.js';

jest.setTimeout(15000);

let answers: Record<string, FakeAnswer[]>;
beforeEach(() => {
  answers = {};
  installFakeFetch(answers);
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/categories" element={<CategoryShowcasePage />} />
        <Route path="/categories/:productCategorySlug" element={<CategoryShowcasePage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('category showcase', () => {
  it('shows the category with its breadcrumb, door styles and both neighbours', async () => {
    answers['/api/content/product-categories/slab'] = [{ status: 200, body: detail(1) }];
    renderAt('/categories/slab');
    expect(screen.getByRole('status')).toHaveTextContent('Loading category…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Slab Cabinets' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeProductsCabinet CategoriesSlab Cabinets');
    expect(screen.getByRole('list', { name: 'Slab Cabinets door styles' })).toHaveTextContent('Slab Cabinets One');
    const neighbours = screen.getByRole('navigation', { name: 'Other categories' });
    expect(neighbours.querySelector('a[rel="prev"]')).toHaveAttribute('href', '/categories/shaker');
    expect(neighbours.querySelector('a[rel="next"]')).toHaveAttribute('href', '/categories/craftsman');
  });

  it('moves to the next category', async () => {
    answers['/api/content/product-categories/slab'] = [{ status: 200, body: detail(1) }];
    answers['/api/content/product-categories/craftsman'] = [{ status: 200, body: detail(2) }];
    const user = userEvent.setup();
    renderAt('/categories/slab');
    await user.click(await screen.findByRole('link', { name: /Next category/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Craftsman Cabinets' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/categories/craftsman');
  });

  it('shows the ends disabled instead of wrapping round', async () => {
    answers['/api/content/product-categories/shaker'] = [{ status: 200, body: detail(0) }];
    renderAt('/categories/shaker');
    await screen.findByRole('heading', { level: 1, name: 'Shaker Cabinets' });
    expect(screen.queryByRole('link', { name: /Previous category/ })).toBeNull();
    expect(screen.getByText('This is the first category').parentElement).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: /Next category/ })).toHaveAttribute('href', '/categories/slab');
  });

  it('names an unknown category with the spec message', async () => {
    answers['/api/content/product-categories/beadboard'] = [{ status: 404, body: { message: 'Category "beadboard" not found in data' } }];
    renderAt('/categories/beadboard');
    expect(await screen.findByText('Category "beadboard" not found in data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all categories' })).toHaveAttribute('href', '/categories');
  });

  it('says "Category data not found" when the category cannot be loaded', async () => {
    answers['/api/content/product-categories/slab'] = [{ status: 500, body: { message: 'boom' } }];
    renderAt('/categories/slab');
    expect(await screen.findByText('Category data not found')).toBeInTheDocument();
  });

  it('says "Product data not found or invalid format" when the category has no styles', async () => {
    answers['/api/content/product-categories/slab'] = [{ status: 200, body: { ...detail(1), styles: [] } }];
    renderAt('/categories/slab');
    expect(await screen.findByText('Product data not found or invalid format')).toBeInTheDocument();
  });

  it('lists every category at /categories, or says there are none', async () => {
    answers['/api/content/product-categories'] = [{ status: 200, body: summaries }];
    const { unmount } = renderAt('/categories');
    expect(await screen.findByRole('list', { name: 'Cabinet categories' })).toHaveTextContent('Shaker Cabinets');
    expect(screen.getAllByRole('link', { name: /Cabinets/ }).map((link) => link.getAttribute('href'))).toContain('/categories/craftsman');
    unmount();
  });

  it('says "No category data available" for an empty list', async () => {
    answers['/api/content/product-categories'] = [{ status: 200, body: [] }];
    renderAt('/categories');
    expect(await screen.findByText('No category data available')).toBeInTheDocument();
  });
});
