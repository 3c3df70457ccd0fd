import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ADMIN_PATHS } from '@storefront/contracts';
import { BACKOFFICE_NAV, BackofficeFrame } from './BackofficeFrame';
import SignInPage from '../sign-in/SignInPage';

function renderAt(path: string, ui: ReactNode) {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

describe('BackofficeFrame', () => {
  it("draws the banner, the back office's nav and the main landmark the skip link targets, with the page's h1", () => {
    renderAt(
      ADMIN_PATHS.orders,
      <BackofficeFrame title="Orders">
        <p>body</p>
      </BackofficeFrame>,
    );
    expect(within(screen.getByRole('banner')).getByText('Back office')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'View the site' })).toHaveAttribute('href', '/');

    const nav = screen.getByRole('navigation', { name: 'Back office' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Orders', 'Quotes', 'Form submissions', 'Operations', 'Audit log', 'Staff', 'My account']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(BACKOFFICE_NAV.map((item) => item.to));
    // the section shown is marked; the dashboard only on /admin itself
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main-content');
    expect(within(main).getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(within(main).getByText('body')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('marks the dashboard on /admin', () => {
    renderAt(ADMIN_PATHS.home, <BackofficeFrame title="Dashboard">x</BackofficeFrame>);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('draws no nav on the sign-in page', () => {
    renderAt(ADMIN_PATHS.signIn, <SignInPage />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });
});
