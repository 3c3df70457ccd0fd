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
}

/** GET /api/content/site: site settings and menus, placeholders resolved. */
export interface SiteData {
  site: SiteSettings;
  menus: Menus;
}
