import type { InferType, ISchema } from 'yup';
import { EMAIL_ADDRESS_PATTERN } from '../rules/field-rules.js';
import { fields, openFields, recursive, type RecursiveSchema, flag, httpsAddress, imagePath, listOf, numberIn, oneOfText, recordOf, shapeBy, sitePath, slug, text } from './editor-rules.js';

/** An e-mail address in a content file: the one pattern the checkout, forms and outbox use. */
export const contentEmailAddress = () => text({ pattern: EMAIL_ADDRESS_PATTERN, patternText: 'an e-mail address' });

// content/site/: site.json, menus.json, cookie-banner.json, popups.json

export const imageRefFields = {
  src: imagePath(),
  altText: text(),
  width: numberIn({ min: 1, integer: true }),
  height: numberIn({ min: 1, integer: true }),
  mobileSrc: imagePath().optional(),
  tabletSrc: imagePath().optional(),
  /** base marks a main image, sample marks a door sample (product styles). */
  type: text().optional(),
  label: text().optional(),
};
export const imageRefSchema = fields(imageRefFields);
export type ImageRef = InferType<typeof imageRefSchema>;

export const linkActionSchema = fields({
  text: text(),
  url: sitePath(),
  title: text().optional(),
  /** button | link */
  type: oneOfText(['button', 'link']).optional(),
});
export type LinkAction = InferType<typeof linkActionSchema>;

export const deviceClassSchema = oneOfText(['mobile', 'tablet', 'desktop']);
export type DeviceClass = InferType<typeof deviceClassSchema>;

// A menu item holds menu items (submenus, mega-menu groups): yup cannot infer a recursive type, so
// these three are declared once here and the compiler holds the schema below to them.
export interface MenuItem {
  text: string;
  path: string;
  displayAs?: 'link' | 'dropdown' | 'mega-menu' | undefined;
  /** which device classes show the item; all when absent */
  devices?: DeviceClass[] | undefined;
  alignment?: 'left' | 'right' | undefined;
  submenu?: MenuItem[] | undefined;
  /** the panel of a `displayAs: 'mega-menu'` item */
  megasubmenu?: MegaSubmenu | undefined;
  /**
   * Spec §2 menu item `data` (coverage-cf 5.4): free text values carried with the item. Accepted and
   * unused: the spec gives it no visible meaning, and the menus draw nothing from it.
   */
  data?: Record<string, string> | undefined;
}

/** A titled column of links in a mega menu. */
export interface MenuGroup {
  title: string;
  items: MenuItem[];
}

/** A mega menu's panel: groups of links in columns (default 2) beside an optional image (563x375). */
export interface MegaSubmenu {
  columns?: number | undefined;
  menuGroups: MenuGroup[];
  image?: ImageRef | undefined;
  /** a link under the groups, e.g. "See all kitchen cabinets" */
  action?: LinkAction | undefined;
}

export const menuItemSchema: RecursiveSchema<MenuItem> = recursive<MenuItem>((): ISchema<MenuItem> => menuItemShape);

const menuGroupSchema = fields({ title: text(), items: listOf(menuItemSchema, { min: 1 }) });

export const megaSubmenuSchema = fields({
  columns: numberIn({ min: 1, max: 4, integer: true }).optional(),
  menuGroups: listOf(menuGroupSchema, { min: 1 }),
  image: imageRefSchema.optional(),
  action: linkActionSchema.optional(),
});

const menuItemShape = fields({
  text: text(),
  path: sitePath(),
  displayAs: oneOfText(['link', 'dropdown', 'mega-menu']).optional(),
  devices: listOf(deviceClassSchema, { min: 1 }).optional(),
  alignment: oneOfText(['left', 'right']).optional(),
  submenu: listOf(menuItemSchema, { min: 1 }).optional(),
  megasubmenu: megaSubmenuSchema.optional(),
  data: recordOf(text({ allowEmpty: true }), { key: { pattern: /^[A-Za-z][A-Za-z0-9_-]{0,31}$/, patternText: 'a short name (letters, digits, _ and -)' } }).optional(),
});

export const footerColumnSchema = fields({ title: text(), items: listOf(menuItemSchema, { min: 1 }) });
export type FooterColumn = InferType<typeof footerColumnSchema>;

/** content/site/menus.json */
export const menusSchema = fields({
  header: listOf(menuItemSchema, { min: 1 }),
  footer: listOf(footerColumnSchema, { min: 1 }),
});
export type Menus = InferType<typeof menusSchema>;

/** §3 cookie banner (content/site/cookie-banner.json): copy and buttons; the cookie is cookie_consent (acceptAll | rejectAll). */
export const cookieBannerSchema = fields({
  title: text(),
  message: text(),
  buttons: listOf(
    fields({ label: text(), action: oneOfText(['acceptAll', 'rejectAll', 'managePreferences']), className: text().optional() }),
    { min: 2 },
  ),
  /** days the choice is kept (default 180) */
  cookieExpiry: numberIn({ min: 1, integer: true }).optional(),
});
export type CookieBannerSettings = InferType<typeof cookieBannerSchema>;

const delayTrigger = fields({ type: oneOfText(['delay']), delayMs: numberIn({ min: 0, integer: true }) });
const scrollTrigger = fields({ type: oneOfText(['scroll']), percentage: numberIn({ min: 1, max: 100 }).optional() });
const exitIntentTrigger = fields({ type: oneOfText(['exit-intent']) });
const triggerTypes = { delay: delayTrigger, scroll: scrollTrigger, 'exit-intent': exitIntentTrigger } as const;

/** What makes a popup appear (§4): a delay after load, a scroll depth, or the mouse leaving the page top. */
export type PopupTrigger = InferType<(typeof triggerTypes)[keyof typeof triggerTypes]>;
const popupTriggerSchema = shapeBy<PopupTrigger>(
  (value) => triggerTypes[value.type as keyof typeof triggerTypes],
  openFields({ type: oneOfText(Object.keys(triggerTypes)) }),
);

/** §3 popup settings, from content/site/popups.json. */
export const popupSchema = fields({
  name: slug(),
  title: text(),
  description: text(),
  layout: oneOfText(['center', 'image-left']).optional(),
  image: imageRefSchema.optional(),
  action: linkActionSchema.optional(),
  /** a form in content/forms/ shown in the popup (mf_forms/FormBlock); it closes delays.formSuccessCloseMs after a success */
  form: slug().optional(),
  /** pages (exact paths, or a path ending in /* for the pages under it) the popup may appear on; every page when absent */
  paths: listOf(text({ pattern: /^\/[^\s*]*(\/\*)?$/, patternText: 'a site path, or one ending in /* for the pages under it' }), { min: 1 }).optional(),
  triggers: listOf(popupTriggerSchema, { min: 1 }),
  delays: fields({
    /** ms before it closes itself (default 10000; 0 = stays open) */
    autoCloseMs: numberIn({ min: 0, integer: true }).optional(),
    /** ms after a form inside it succeeds (default 5000) */
    formSuccessCloseMs: numberIn({ min: 0, integer: true }).optional(),
  }).optional(),
  /** shown once per `popup-shown-{name}` cookie for this long: 30m, 2h, 3d, 1w (default 24h); the shell's parsePopupExpiry reads the same forms */
  cookieExpiry: text({ pattern: /^[1-9]\d*[mhdw]$/, patternText: 'a duration like 30m, 2h, 3d or 1w' }).optional(),
  enabled: flag().optional(),
});
export type PopupSettings = InferType<typeof popupSchema>;
export const popupsSchema = listOf(popupSchema);

/** The header search's settings (site search). */
export const siteSearchSettingsSchema = fields({
  /** where the header's search form goes (GET, parameter `query`); default SEARCH_RESULTS_PATH */
  resultsPath: sitePath().optional(),
});
export type SiteSearchSettings = InferType<typeof siteSearchSettingsSchema>;

/** content/site/site.json */
export const siteSettingsSchema = fields({
  name: text(),
  tagline: text(),
  phone: text(),
  email: contentEmailAddress(),
  sms: text().optional(),
  address: fields({ street: text(), city: text(), state: text(), zip: text(), country: text() }),
  hours: listOf(fields({ days: text(), time: text() }), { min: 1 }),
  social: listOf(fields({ type: text(), url: httpsAddress() })),
  /** Feature flags are strings on purpose: the spec compares the my-account flag with the string "true". */
  featureFlags: recordOf(oneOfText(['true', 'false'])),
  copyright: text(),
  search: siteSearchSettingsSchema.optional(),
});
export type SiteSettings = InferType<typeof siteSettingsSchema>;

/** GET /api/content/site: site settings and menus, placeholders resolved. */
export const siteDataSchema = fields({
  site: siteSettingsSchema,
  menus: menusSchema,
  /** content/site/cookie-banner.json; absent: no banner */
  cookieBanner: cookieBannerSchema.optional(),
  /** content/site/popups.json; absent: no popups */
  popups: popupsSchema.optional(),
});
export type SiteData = InferType<typeof siteDataSchema>;
