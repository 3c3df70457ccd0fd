import type { PopupSettings } from '@storefront/contracts';
import { COOKIE_CONSENT_EVENT, parseCookieHeader, readCookieConsent } from '@storefront/ui';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Popup } from './Popup';
import { POPUP_DEFAULTS, parsePopupExpiry, popupAppliesTo, popupCookieName, scrolledPercentage } from './popup-rules';

function rememberShown(popup: PopupSettings) {
  const maxAge = Math.round(parsePopupExpiry(popup.cookieExpiry ?? POPUP_DEFAULTS.cookieExpiry) / 1000);
  document.cookie = `${popupCookieName(popup.name)}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** Arms `popup`'s triggers; calls `fire` once, the first time any of them goes off. Returns the disarm. */
function armTriggers(popup: PopupSettings, fire: () => void): () => void {
  const cleanups: (() => void)[] = [];
  for (const trigger of popup.triggers) {
    if (trigger.type === 'delay') {
      const timer = setTimeout(fire, trigger.delayMs);
      cleanups.push(() => clearTimeout(timer));
    } else if (trigger.type === 'scroll') {
      const wanted = trigger.percentage ?? POPUP_DEFAULTS.scrollPercentage;
      const onScroll = () => {
        const { scrollHeight } = document.documentElement;
        if (scrolledPercentage(window.scrollY, scrollHeight, window.innerHeight) >= wanted) fire();
      };
      window.addEventListener('scroll', onScroll, { passive: true });
      cleanups.push(() => window.removeEventListener('scroll', onScroll));
    } else if (trigger.type === 'exit-intent') {
      // The pointer leaving through the top of the window: heading for the tabs or the address bar.
      const onLeave = (event: MouseEvent) => {
        if (!event.relatedTarget && event.clientY <= 0) fire();
      };
      document.documentElement.addEventListener('mouseleave', onLeave);
      cleanups.push(() => document.documentElement.removeEventListener('mouseleave', onLeave));
    }
  }
  return () => cleanups.forEach((cleanup) => cleanup());
}

/**
 * The popups of content/site/popups.json for the current page, one at a time, each shown once per
 * its popup-shown-{name} cookie. Nothing here runs on the server: popups are browser-only state.
 *
 * A popup waits until the shopper has answered the cookie banner (either way), so two overlays
 * never compete for the first visit and the banner's question is not hidden behind an offer.
 */
export function PopupHost({ popups }: { popups: PopupSettings[] }) {
  const { pathname } = useLocation();
  const [cookieChoiceMade, setCookieChoiceMade] = useState(false);
  const [open, setOpen] = useState<PopupSettings | null>(null);

  useEffect(() => {
    setCookieChoiceMade(readCookieConsent() !== undefined);
    const onChoice = () => setCookieChoiceMade(true);
    window.addEventListener(COOKIE_CONSENT_EVENT, onChoice);
    return () => window.removeEventListener(COOKIE_CONSENT_EVENT, onChoice);
  }, []);

  // Following a link (also the popup's own) closes it.
  useEffect(() => setOpen(null), [pathname]);

  useEffect(() => {
    if (!cookieChoiceMade || open) return;
    const shown = parseCookieHeader(document.cookie);
    const waiting = popups.filter((popup) => popupAppliesTo(popup, pathname) && !(popupCookieName(popup.name) in shown));
    let fired = false;
    const disarms = waiting.map((popup) =>
      armTriggers(popup, () => {
        if (fired) return;
        fired = true;
        rememberShown(popup);
        setOpen(popup);
      }),
    );
    return () => disarms.forEach((disarm) => disarm());
  }, [popups, pathname, cookieChoiceMade, open]);

  const close = useCallback(() => setOpen(null), []);
  return open ? <Popup key={open.name} popup={open} onClose={close} /> : null;
}
