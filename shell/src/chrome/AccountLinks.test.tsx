import { CSRF_COOKIE, SESSION_CHANGED_EVENT } from '@storefront/contracts';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AccountLinks, loginHref } from './AccountLinks';

const signIn = () => {
  document.cookie = `${CSRF_COOKIE}=csrf-token-1; path=/`;
};
const signOut = () => {
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
};

function links(path = '/') {
  return (
    <MemoryRouter initialEntries={[path]}>
      <AccountLinks />
    </MemoryRouter>
  );
}

afterEach(signOut);

describe('AccountLinks', () => {
  it('draws an empty panel on the server, whoever asks (the HTML is the same for every visitor)', () => {
    signIn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(links('/products'));
    const panel = container.firstElementChild;
    expect(panel).toHaveClass('shell-account', 'shell-account--pending');
    expect(panel).toHaveAttribute('aria-hidden', 'true');
    expect(panel).toBeEmptyDOMElement();
  });

  it('hydrates the empty panel without a mismatch, then shows the session it reads', async () => {
    signIn();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(links('/products'));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () => hydrateRoot(container, links('/products')));
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('a')).toHaveAttribute('href', '/my-account');
    act(() => root.unmount());
    container.remove();
    errors.mockRestore();
  });

  it('shows Log In without the CSRF cookie, returning to the page the shopper is on', () => {
    render(links('/products/kitchen-cabinets?sort=price'));
    const link = screen.getByRole('link', { name: 'Log In' });
    expect(link).toHaveAttribute('href', `/login?returnTo=${encodeURIComponent('/products/kitchen-cabinets?sort=price')}`);
    expect(screen.queryByRole('link', { name: 'My Account' })).not.toBeInTheDocument();
  });

  it('shows My Account with the CSRF cookie', () => {
    signIn();
    render(links('/checkout'));
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account');
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  });

  it('switches when the tab signs in or out (SESSION_CHANGED_EVENT), in the same box', () => {
    const { container } = render(links('/'));
    const box = container.firstElementChild;
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');

    signIn();
    act(() => void window.dispatchEvent(new Event(SESSION_CHANGED_EVENT)));
    expect(screen.getByRole('link', { name: 'My Account' })).toBeInTheDocument();
    expect(container.firstElementChild).toBe(box);
    expect(box).toHaveClass('shell-account');

    signOut();
    act(() => void window.dispatchEvent(new Event(SESSION_CHANGED_EVENT)));
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it('reads the cookie again when the tab comes back into view (another tab signed in)', () => {
    render(links('/'));
    signIn();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByRole('link', { name: 'My Account' })).toBeInTheDocument();
  });

  it('is reached by keyboard', async () => {
    render(links('/'));
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveFocus();
  });
});

describe('loginHref', () => {
  it.each([
    ['/', '', '/login'],
    ['/login', '?returnTo=%2Fcheckout', '/login'],
    ['/register', '', '/login'],
    ['/reset-password', '?token=abc', '/login'],
    ['/checkout', '', '/login?returnTo=%2Fcheckout'],
    ['/order/view/o-1', '?token=t', '/login?returnTo=%2Forder%2Fview%2Fo-1%3Ftoken%3Dt'],
  ])('%s%s -> %s', (pathname, search, href) => {
    expect(loginHref(pathname, search)).toBe(href);
  });
});
