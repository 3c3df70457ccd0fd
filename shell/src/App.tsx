import type { SiteData } from '@storefront/contracts';
import { areasCommitted } from '@storefront/remote-loader';
import { AlertsProvider, SITE_DATA_URL, readPageBootstrap, usePageData } from '@storefront/ui';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { AnalyticsClicks } from './chrome/AnalyticsClicks';
import { CookieBanner } from './chrome/CookieBanner';
import { Footer } from './chrome/Footer';
import { PopupHost } from './chrome/popups/PopupHost';
import { ScrollToTopButton } from './chrome/ScrollToTopButton';
import { Header } from './chrome/Header';
import { SiteDataContext } from './chrome/site-data';
import { REPLAY_WAIT_MS, replayEarlyEvents } from './early-events/replay-early-events';
import { DocumentHead } from './head/DocumentHead';
import { AppRoutes } from './routes/AppRoutes';
import { routeChromeFor } from './routes/route-table';

/**
 * A new page starts at its top, as a link to another site's page would. Not on the first render:
 * the page the browser loaded is already where it should be (its top, an #anchor, or where the
 * shopper scrolled while it hydrated), and scrolling it then moved the form a shopper was about to
 * submit from under their finger (a press right after hydration landed beside Send).
 */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Marks the document once the page is interactive (tests wait for it; so could analytics), and
 * replays the clicks and submits the head's script caught before that (early-events/).
 *
 * Interactive means every area the server rendered has come alive, not only the root: hydration runs
 * in a transition, so a remote's area (its own Suspense boundary) can hydrate after the root commits,
 * and a press on it in between was lost (React hydrates the area on the press, but does not always
 * replay it). Until the mark the head's script keeps catching presses (bounded by REPLAY_WAIT_MS, after
 * which an area that never came alive is left to its own error state).
 */
function HydrationMarker() {
  useEffect(() => {
    void areasCommitted(readPageBootstrap(document).remoteModules, REPLAY_WAIT_MS).then(() => {
      document.documentElement.dataset['hydrated'] = 'true';
      performance.mark('sf-hydrated');
      void replayEarlyEvents(window);
    });
  }, []);
  return null;
}

/** The shop's pages: its header (menus, search, sticky), main, footer, Back to top, popups and cookie banner, over the site data. */
function ShopChrome() {
  const siteData = usePageData<SiteData>(SITE_DATA_URL);
  return (
    <SiteDataContext.Provider value={siteData}>
      <AlertsProvider>
        <div className="shell-layout">
          <Header />
          <main id="main-content" tabIndex={-1} className="shell-main">
            <AppRoutes />
          </main>
          <Footer />
        </div>
        <ScrollToTopButton />
        <AnalyticsClicks />
        {siteData.data?.popups && <PopupHost popups={siteData.data.popups} />}
        {siteData.data?.cookieBanner && <CookieBanner settings={siteData.data.cookieBanner} />}
      </AlertsProvider>
    </SiteDataContext.Provider>
  );
}

/**
 * A route whose remote draws its own frame (the staff back office, `chrome: 'none'`): none of the
 * shop's chrome, and so none of its data, alerts, popups, cookie banner or analytics; the remote
 * draws its header, nav and `<main id="main-content">` (RemoteModule draws that main while it loads
 * or fails).
 */
function BareChrome() {
  return (
    <div className="shell-bare">
      <AppRoutes />
    </div>
  );
}

export function App() {
  const { pathname } = useLocation();
  const chrome = routeChromeFor(pathname);
  return (
    <>
      <a className="sf-skip-link" href="#main-content">
        Skip to main content
      </a>
      <DocumentHead />
      <HydrationMarker />
      <ScrollToTopOnNavigate />
      {chrome === 'shop' ? <ShopChrome /> : <BareChrome />}
    </>
  );
}
