import { analyticsEventForHref, pushAnalyticsEvent } from '@storefront/ui';
import { useEffect } from 'react';

/**
 * One click listener for the whole page: a link to a phone, e-mail or SMS address, or to the free
 * kitchen design, order samples or book appointment pages, pushes its §7 event wherever it is drawn
 * (header, footer, any remote's block). Form events are pushed by the forms themselves through the
 * kit's pushAnalyticsEvent. Nothing is pushed before the shopper accepts all cookies.
 */
export function AnalyticsClicks() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link) return;
      const href = link.getAttribute('href') ?? '';
      const name = analyticsEventForHref(href);
      if (name) pushAnalyticsEvent(name, { linkUrl: href, linkText: link.textContent?.trim() ?? '' });
    };
    // Capture: counted even when a handler below stops the click (a router link, a menu closing).
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
