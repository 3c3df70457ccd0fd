import type { CookieBannerSettings } from '@storefront/contracts';
import { AlertsProvider, RequestCookiesContext } from '@storefront/ui';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { CookieBanner, MANAGE_PREFERENCES_ALERT } from './CookieBanner';

const settings: CookieBannerSettings = {
  title: 'We use cookies',
  message: 'Accept or reject the optional ones.',
  buttons: [
    { label: 'Accept All', action: 'acceptAll', className: 'primary' },
    { label: 'Reject All', action: 'rejectAll', className: 'secondary' },
    { label: 'Manage Preferences', action: 'managePreferences', className: 'link' },
  ],
};

function renderBanner() {
  render(
    <AlertsProvider>
      <CookieBanner settings={settings} />
    </AlertsProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
});

describe('CookieBanner', () => {
  it.each([
    ['Accept All', 'acceptAll'],
    ['Reject All', 'rejectAll'],
  ])('%s stores cookie_consent=%s and hides the banner', async (label, value) => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: label }));
    expect(document.cookie).toContain(`cookie_consent=${value}`);
    expect(screen.queryByRole('region', { name: 'We use cookies' })).not.toBeInTheDocument();
  });

  it('Manage Preferences only shows the alert', async () => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Manage Preferences' }));
    expect(screen.getByRole('status')).toHaveTextContent(MANAGE_PREFERENCES_ALERT);
    expect(screen.getByRole('region', { name: 'We use cookies' })).toBeInTheDocument();
    expect(document.cookie).not.toContain('cookie_consent');
  });

  it('is in the server HTML only when the request has no choice', () => {
    const html = (cookies: Record<string, string>) =>
      renderToString(
        <RequestCookiesContext.Provider value={cookies}>
          <AlertsProvider>
            <CookieBanner settings={settings} />
          </AlertsProvider>
        </RequestCookiesContext.Provider>,
      );
    expect(html({})).toContain('We use cookies');
    expect(html({ cookie_consent: 'rejectAll' })).not.toContain('We use cookies');
    expect(html({ cookie_consent: 'something-else' })).toContain('We use cookies');
  });
});
