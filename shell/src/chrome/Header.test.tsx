import { CSRF_COOKIE, SESSION_CHANGED_EVENT, type SiteData, type SiteSettings } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import type { JsonResult } from '@storefront/ui';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
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
      {
        text: 'Kitchens',
        path: '/kitchens',
        displayAs: 'mega-menu',
        megasubmenu: {
          menuGroups: [
            { title: 'Cabinets', items: [{ text: 'RTA Kitchen Cabinets', path: '/rta' }] },
            { title: 'Popular Styles', items: [{ text: 'Slab Espresso', path: '/rta/se' }] },
          ],
          image: { src: '/images/scenes/shaker-green.svg', altText: 'Green shaker kitchen', width: 563, height: 375 },
        },
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

  it('opens a mega menu by keyboard: groups in 2 columns beside a 563x375 image', async () => {
    renderHeader({}, 1440);
    const toggle = screen.getByRole('button', { name: 'Kitchens submenu' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toBeVisible();
    expect(panel?.querySelector('.shell-mega__groups')).toHaveClass('shell-mega__groups--cols-2');
    expect(screen.getByText('Popular Styles')).toBeVisible();
    const image = screen.getByRole('img', { name: 'Green shaker kitchen' });
    expect(image).toHaveAttribute('width', '563');
    expect(image).toHaveAttribute('height', '375');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'RTA Kitchen Cabinets' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(panel).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('closes an open dropdown when the shopper presses outside it (useDismiss)', async () => {
    renderHeader({}, 1440);
    const toggle = screen.getByRole('button', { name: 'Products submenu' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerDown(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows account links only when the my-account flag is the string "true" (no session: Log In)', () => {
    renderHeader({ data: { ...siteData, site: { ...siteData.site, featureFlags: { myAccount: 'true' } } } }, 1440);
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('shows My Account to a signed-in shopper (the CSRF cookie), and Log In again after signing out', () => {
    document.cookie = `${CSRF_COOKIE}=token; path=/`;
    try {
      renderHeader({ data: { ...siteData, site: { ...siteData.site, featureFlags: { myAccount: 'true' } } } }, 1440);
      expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account');
    } finally {
      document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
    act(() => void window.dispatchEvent(new Event(SESSION_CHANGED_EVENT)));
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it.each([
    ['off', { myAccount: 'false' }],
    ['missing', {}],
    ['any other value', { myAccount: 'TRUE' }],
  ])('draws no account links (not even their panel) when the flag is %s', (_what, featureFlags) => {
    document.cookie = `${CSRF_COOKIE}=token; path=/`;
    try {
      renderHeader({ data: { ...siteData, site: { ...siteData.site, featureFlags: featureFlags as unknown as SiteSettings['featureFlags'] } } }, 1440);
      expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'My Account' })).not.toBeInTheDocument();
      expect(document.querySelector('.shell-account')).not.toBeInTheDocument();
    } finally {
      document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
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

    // a mega menu lists its groups' links in the drawer
    const kitchens = within(drawer).getByRole('button', { name: 'Kitchens' });
    await userEvent.click(kitchens);
    expect(bath).toHaveAttribute('aria-expanded', 'false');
    expect(within(drawer).getByRole('link', { name: 'Slab Espresso' })).toBeVisible();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes the drawer on Escape and on a press on the overlay, focus back on Menu (useDismiss)', async () => {
    renderHeader({}, 375);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    await userEvent.click(menuButton);
    expect(screen.getByRole('dialog', { name: 'Our Offerings' })).toBeInTheDocument();
    await userEvent.click(document.querySelector('.shell-overlay')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });
});

describe('Header account link on a phone', () => {
  it('keeps the account link in the header bar (not only in the drawer), named by its words beside the icon', () => {
    renderHeader({ data: { ...siteData, site: { ...siteData.site, featureFlags: { myAccount: 'true' } } } }, 375);
    const link = screen.getByRole('link', { name: 'Log In' });
    expect(link.closest('.shell-header__actions')).not.toBeNull();
    expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
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
