import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { CategoryHandlerBlock } from '@storefront/contracts';
import { installFakeFetch, type FakeAnswer, LocationProbe } from '@storefront/ui/testing';
import { detail, summaries } from '../fixtures.test-data.js';
import CategoryHandler from './CategoryHandler.js';
import { CategoryTabStrip, scrollOffset } from './CategoryTabStrip.js';

jest.setTimeout(15000);

let answers: Record<string, FakeAnswer[]>;
beforeEach(() => {
  answers = {};
  installFakeFetch(answers);
  answers['/api/content/product-categories'] = [{ status: 200, body: summaries }];
  answers['/api/content/product-categories/shaker'] = [{ status: 200, body: detail(0, 3) }];
  answers['/api/content/product-categories/slab'] = [{ status: 200, body: detail(1, 10) }];
  answers['/api/content/product-categories/craftsman'] = [{ status: 200, body: detail(2, 2) }];
});

const base: CategoryHandlerBlock = { id: 'kc-categories', type: 'category-handler', title: 'Explore by Door Style', pageSize: 4 };

function renderAt(path: string, block: Partial<CategoryHandlerBlock> = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/products/kitchen-cabinets" element={<CategoryHandler block={{ ...base, ...block }} position={0} />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('category handler', () => {
  it("opens the first category when neither the address nor the block names one, with all of its content", async () => {
    renderAt('/products/kitchen-cabinets');
    const tablist = await screen.findByRole('tablist', { name: 'Explore by Door Style' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Shaker Cabinets', 'Slab Cabinets', 'Craftsman Cabinets']);
    expect(screen.getByRole('tab', { name: 'Shaker Cabinets' })).toHaveAttribute('aria-selected', 'true');
    const panel = await screen.findByRole('tabpanel', { name: 'Shaker Cabinets' });
    expect(await within(panel).findByRole('heading', { name: 'Shaker Cabinets' })).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'Shaker Cabinets sample doors' }).children).toHaveLength(3);
    expect(within(panel).getByRole('table', { name: 'Product specifications' })).toHaveTextContent('Door constructionShaker Cabinets frame');
    expect(within(panel).getByRole('list', { name: 'Shaker Cabinets timeline' })).toHaveTextContent('01Free 3D design');
    expect(within(panel).getByRole('button', { name: 'Why Shaker Cabinets?' })).toHaveAttribute('aria-expanded', 'false');
    expect(panel.querySelector('video source')).toHaveAttribute('src', '/images/videos/cabinet-assembly.webm');
    // three sample doors fit one page: no page numbers
    expect(screen.queryByRole('navigation', { name: /sample door pages/ })).toBeNull();
  });

  it("opens the block's defaultCategory, and the address's category over it", async () => {
    const { unmount } = renderAt('/products/kitchen-cabinets', { defaultCategory: 'craftsman' });
    expect(await screen.findByRole('tab', { name: 'Craftsman Cabinets', selected: true })).toBeInTheDocument();
    unmount();
    renderAt('/products/kitchen-cabinets?category=slab', { defaultCategory: 'craftsman' });
    expect(await screen.findByRole('tab', { name: 'Slab Cabinets', selected: true })).toBeInTheDocument();
  });

  it('pages the sample doors with ?page= and drops the page when another tab is chosen', async () => {
    const user = userEvent.setup();
    renderAt('/products/kitchen-cabinets?category=slab&page=2');
    const pages = await screen.findByRole('navigation', { name: 'Slab Cabinets sample door pages' });
    expect(within(pages).getByText('2')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('list', { name: 'Slab Cabinets sample doors' })).toHaveTextContent('slab finish 5');
    await user.click(within(pages).getByRole('link', { name: 'Page 3' }));
    expect(location()).toBe('/products/kitchen-cabinets?category=slab&page=3');
    expect(screen.getByRole('list', { name: 'Slab Cabinets sample doors' }).children).toHaveLength(2);

    await user.click(screen.getByRole('tab', { name: 'Craftsman Cabinets' }));
    expect(location()).toBe('/products/kitchen-cabinets?category=craftsman');
    expect(await screen.findByRole('tabpanel', { name: 'Craftsman Cabinets' })).toHaveTextContent('craftsman finish 1');
  });

  it('moves between tabs with the arrow keys, Home and End, and keeps focus on the chosen tab', async () => {
    const user = userEvent.setup();
    renderAt('/products/kitchen-cabinets?page=2', { showAllTab: true, defaultCategory: 'shaker' });
    const shaker = await screen.findByRole('tab', { name: 'Shaker Cabinets', selected: true });
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('tabindex', '-1');
    act(() => shaker.focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Slab Cabinets' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Slab Cabinets' })).toHaveAttribute('aria-selected', 'true');
    expect(location()).toBe('/products/kitchen-cabinets?category=slab');
    await user.keyboard('{End}');
    expect(location()).toBe('/products/kitchen-cabinets?category=craftsman');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    expect(location()).toBe('/products/kitchen-cabinets?category=all');
  });

  it('shows every category under the All tab only when the block asks for it', async () => {
    const { unmount } = renderAt('/products/kitchen-cabinets?category=all', { showAllTab: true });
    const panel = await screen.findByRole('tabpanel', { name: 'All' });
    expect(within(panel).getByRole('list', { name: 'Cabinet categories' }).children).toHaveLength(3);
    unmount();
    renderAt('/products/kitchen-cabinets?category=all');
    expect(await screen.findByRole('tab', { name: 'Shaker Cabinets', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'All' })).toBeNull();
  });

  it.each([
    ['v1', false],
    ['v2', false],
    ['v3', true],
  ] as const)('draws the %s tab layout (icons 30 x 30: %s)', async (tabLayout, icons) => {
    const { container } = renderAt('/products/kitchen-cabinets', { tabLayout });
    await screen.findByRole('tablist');
    expect(container.querySelector(`.sf-category-tabs--${tabLayout}`)).not.toBeNull();
    const icon = container.querySelector('.sf-category-tabs__icon');
    if (icons) expect(icon).toMatchObject({ width: 30, height: 30 });
    else expect(icon).toBeNull();
  });

  it('says "No category data available" without categories and "Category data not found" when they cannot be loaded', async () => {
    answers['/api/content/product-categories'] = [{ status: 200, body: [] }];
    const { unmount } = renderAt('/products/kitchen-cabinets');
    expect(await screen.findByText('No category data available')).toBeInTheDocument();
    unmount();
    answers['/api/content/product-categories'] = [{ status: 500, body: { message: 'down' } }];
    renderAt('/products/kitchen-cabinets');
    expect(await screen.findByText('Category data not found')).toBeInTheDocument();
  });

  it('says "Product data not found or invalid format" for a category without sample doors', async () => {
    answers['/api/content/product-categories/shaker'] = [{ status: 200, body: { ...detail(0), samples: [] } }];
    renderAt('/products/kitchen-cabinets');
    expect(await screen.findByText('Product data not found or invalid format')).toBeInTheDocument();
  });
});

describe('tab strip scroll arrows', () => {
  it('scroll the overflowing strip by 200 px', async () => {
    expect(scrollOffset('right')).toBe(200);
    expect(scrollOffset('left')).toBe(-200);
    const scrollBy = jest.fn();
    // jsdom does no layout: a strip 300 px wide holding 900 px of tabs, scrolled a little
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, value: scrollBy });
    const user = userEvent.setup();
    render(
      <CategoryTabStrip
        tabs={summaries.map((category) => ({ id: category.slug, label: category.title }))}
        active="shaker"
        onSelect={() => {}}
        layout="v1"
        label="Categories"
        tabId={(id) => `tab-${id}`}
        panelId="panel"
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Scroll categories right' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: 200, behavior: 'smooth' });
    jest.restoreAllMocks();
  });
});
