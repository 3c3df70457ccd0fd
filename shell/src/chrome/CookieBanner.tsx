import type { CookieBannerSettings } from '@storefront/contracts';
import {
  Button,
  COOKIE_CONSENT_COOKIE,
  COOKIE_CONSENT_DAYS,
  storeCookieConsent,
  useAlerts,
  useRequestCookie,
  type ButtonVariant,
} from '@storefront/ui';
import { useId, useState } from 'react';

/** §4: the only thing Manage Preferences does for now. */
export const MANAGE_PREFERENCES_ALERT = 'Open cookie preferences';

const VARIANTS: readonly string[] = ['primary', 'secondary', 'link'] satisfies ButtonVariant[];

/**
 * The cookie question, until cookie_consent holds acceptAll or rejectAll. It reads the request's
 * cookies, so the server leaves it out of the HTML for a shopper who has answered (no flash) and
 * draws it for one who has not (no pop-in). A bar at the foot of the screen, not a dialog: the page
 * stays usable while it waits.
 */
export function CookieBanner({ settings }: { settings: CookieBannerSettings }) {
  const stored = useRequestCookie(COOKIE_CONSENT_COOKIE);
  const [answered, setAnswered] = useState(false);
  const { showAlert } = useAlerts();
  const titleId = useId();
  if (answered || stored === 'acceptAll' || stored === 'rejectAll') return null;

  return (
    <section className="shell-cookie-banner" aria-labelledby={titleId}>
      <div className="sf-container shell-cookie-banner__inner">
        <div className="shell-cookie-banner__text">
          <h2 id={titleId} className="shell-cookie-banner__title">
            {settings.title}
          </h2>
          <p className="shell-cookie-banner__message">{settings.message}</p>
        </div>
        <div className="shell-cookie-banner__actions">
          {settings.buttons.map((button) => (
            <Button
              key={button.action}
              variant={(VARIANTS.includes(button.className ?? '') ? button.className : 'secondary') as ButtonVariant}
              onClick={() => {
                if (button.action === 'managePreferences') {
                  showAlert({ message: MANAGE_PREFERENCES_ALERT, messageType: 'info', autoDismiss: 5000 });
                  return;
                }
                storeCookieConsent(button.action, settings.cookieExpiry ?? COOKIE_CONSENT_DAYS);
                setAnswered(true);
              }}
            >
              {button.label}
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}
