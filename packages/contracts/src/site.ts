import type { SiteSearchSettings } from './search.js';

export interface ImageRef {
  src: string;
  altText: string;
  width: number;
  height: number;
  mobileSrc?: string;
  tabletSrc?: string;
  /** base marks a main image, sample marks a door sample (product styles). */
  type?: string;
  label?: string;
}

export interface LinkAction {
  text: string;
  url: string;
  title?: string;
  /** button | link */
  type?: string;
}

export interface MenuItem {
  text: string;
  path: string;
  displayAs?: 'link' | 'dropdown' | 'mega-menu';
  /** which device classes show the item; all when absent */
  devices?: DeviceClass[];
  alignment?: 'left' | 'right';
  submenu?: MenuItem[];
  /** the panel of a `displayAs: 'mega-menu'` item */
  megasubmenu?: MegaSubmenu;
}

/** A titled column of links in a mega menu. */
export interface MenuGroup {
  title: string;
  items: MenuItem[];
}

/** A mega menu's panel: groups of links in columns (default 2) beside an optional image (563x375). */
export interface MegaSubmenu {
  columns?: number;
  menuGroups: MenuGroup[];
  image?: ImageRef;
  /** a link under the groups, e.g. "See all kitchen cabinets" */
  action?: LinkAction;
}

/** §3 cookie banner: copy and buttons; the cookie is cookie_consent (acceptAll | rejectAll). */
export interface CookieBannerSettings {
  title: string;
  message: string;
  buttons: { label: string; action: 'acceptAll' | 'rejectAll' | 'managePreferences'; className?: string }[];
  /** days the choice is kept (default 180) */
  cookieExpiry?: number;
}

/** What makes a popup appear (§4): a delay after load, a scroll depth, or the mouse leaving the page top. */
export type PopupTrigger =
  | { type: 'delay'; delayMs: number }
  | { type: 'scroll'; percentage?: number }
  | { type: 'exit-intent' };

/** §3 popup settings, from content/site/popups.json. */
export interface PopupSettings {
  name: string;
  title: string;
  description: string;
  layout?: 'center' | 'image-left';
  image?: ImageRef;
  action?: LinkAction;
  /** a form in content/forms/ shown in the popup (mf_forms/FormBlock); it closes delays.formSuccessCloseMs after a success */
  form?: string;
  /** pages (exact paths) the popup may appear on; every page when absent */
  paths?: string[];
  triggers: PopupTrigger[];
  delays?: {
    /** ms before it closes itself (default 10000; 0 = stays open) */
    autoCloseMs?: number;
    /** ms after a form inside it succeeds (default 5000) */
    formSuccessCloseMs?: number;
  };
  /** shown once per `popup-shown-{name}` cookie for this long: 30m, 2h, 3d, 1w (default 24h) */
  cookieExpiry?: string;
  enabled?: boolean;
}

export interface FooterColumn {
  title: string;
  items: MenuItem[];
}

export interface Menus {
  header: MenuItem[];
  footer: FooterColumn[];
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export interface SiteSettings {
  name: string;
  tagline: string;
  phone: string;
  email: string;
  sms?: string;
  address: { street: string; city: string; state: string; zip: string; country: string };
  hours: { days: string; time: string }[];
  social: { type: string; url: string }[];
  /** Feature flags are strings on purpose: the spec compares the my-account flag with the string "true". */
  featureFlags: Record<string, string>;
  copyright: string;
  /** the header search's settings (site search) */
  search?: SiteSearchSettings;
}

/** GET /api/content/site: site settings and menus, placeholders resolved. */
export interface SiteData {
  site: SiteSettings;
  menus: Menus;
  /** content/site/cookie-banner.json; absent: no banner */
  cookieBanner?: CookieBannerSettings;
  /** content/site/popups.json; absent: no popups */
  popups?: PopupSettings[];
}
