import { ANALYTICS_EVENTS, analyticsEventForHref, pushAnalyticsEvent } from '@storefront/ui';
import { useEffect } from 'react';

/**
 * One click listener for the whole page: a link to a phone, e-mail or SMS address, or to the free
 * kitchen design, order samples or book appointment pages, pushes its §7 event wherever it is drawn
 * (header, footer, any remote's block). A phone or e-mail link inside an element marked
 * `data-analytics="get-in-touch"` (a contact block) also pushes get_in_touch_click with Phone or
 * Email. Form events are pushed by the forms themselves through the kit's pushAnalyticsEvent.
 * Nothing is pushed before the shopper accepts all cookies.
 */
export function AnalyticsClicks() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link) return;
      const href = link.getAttribute('href') ?? '';
      const name = analyticsEventForHref(href);
      if (!name) return;
      pushAnalyticsEvent(name, { linkUrl: href, linkText: link.textContent?.trim() ?? '' });
      const contactMethod =
        name === ANALYTICS_EVENTS.phoneClick ? 'Phone' : name === ANALYTICS_EVENTS.emailClick ? 'Email' : undefined;
      if (contactMethod && link.closest('[data-analytics="get-in-touch"]')) {
        pushAnalyticsEvent(ANALYTICS_EVENTS.getInTouchClick, { contactMethod });
      }
    };
    // Capture: counted even when a handler below stops the click (a router link, a menu closing).
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
