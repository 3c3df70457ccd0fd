import type { SiteData } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import type { JsonResult } from '@storefront/ui';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Header } from './Header';
import { SiteDataContext } from './site-data';

const siteData: SiteData = {
  site: {
    name: 'Heartwood Cabinetry',
    tagline: 'Cabinets',
    phone: '(732) 555-0148',
    email: 'hello@example.com',
    address: { street: '1 Main St', city: 'Edison', state: 'NJ', zip: '08837', country: 'US' },
    hours: [],
    social: [],
    featureFlags: {},
    copyright: '©',
  },
  menus: {
    header: [
      {
        text: 'Products',
        path: '/products',
        displayAs: 'dropdown',
        submenu: [{ text: 'Shaker Snow White', path: '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw' }],
      },
      {
        text: 'Bath',
        path: '/bath',
        displayAs: 'dropdown',
        submenu: [{ text: 'Vanities', path: '/bath/vanities' }],
      },
      { text: 'Blogs', path: '/blogs', devices: ['tablet', 'desktop'] },
      { text: 'Contact', path: '/contact', alignment: 'right' },
    ],
    footer: [],
  },
};

function renderHeader(result: Partial<JsonResult<SiteData>>, width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  const value: JsonResult<SiteData> = { status: 'ready', data: siteData, reload: jest.fn(), ...result };
  render(
    <MemoryRouter>
      <SiteDataContext.Provider value={value}>
        <Header />
      </SiteDataContext.Provider>
    </MemoryRouter>,
  );
  return value;
}

afterEach(() => act(() => sampleCartStore.getState().clearCart()));

describe('Header on desktop', () => {
  it('opens a dropdown from the keyboard and closes it with Escape', async () => {
    renderHeader({}, 1440);
    const toggle = screen.getByRole('button', { name: 'Products submenu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Shaker Snow White' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('shows the cart link with the number of samples', () => {
    act(() => {
      sampleCartStore.getState().addSample({
        name: 'Shaker Snow White sample',
        sku: 'SSW-SAMPLE',
        finish: { type: 'color', value: 'white' },
      });
    });
    renderHeader({}, 1440);
    const cart = screen.getByRole('link', { name: 'Cart, 1 item' });
    expect(cart).toHaveAttribute('href', '/checkout');
    expect(cart).toHaveTextContent('1');
  });
});

describe('Header on mobile', () => {
  it('opens "Our Offerings" with one submenu open at a time, and closes', async () => {
    renderHeader({}, 375);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Our Offerings' });
    // Blogs is for tablet and desktop only
    expect(within(drawer).queryByRole('link', { name: 'Blogs' })).not.toBeInTheDocument();

    const products = within(drawer).getByRole('button', { name: 'Products' });
    const bath = within(drawer).getByRole('button', { name: 'Bath' });
    await userEvent.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(bath);
    expect(bath).toHaveAttribute('aria-expanded', 'true');
    expect(products).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });
});

describe('Header without site data', () => {
  it('keeps the home and cart links and offers Retry when the menus fail', async () => {
    const value = renderHeader({ status: 'error', data: undefined, error: 'down' }, 1440);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /Cart/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(value.reload).toHaveBeenCalled();
  });
});
