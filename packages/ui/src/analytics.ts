import { readCookieConsent } from './consent.js';

/** §7's data-layer events, in one place so every remote pushes the same names. */
export const ANALYTICS_EVENTS = {
  freeKitchenDesignClick: 'free_kitchen_design_click',
  orderSamplesClick: 'order_samples_click',
  bookAppointmentClick: 'book_appointment_click',
  phoneClick: 'phone_click',
  emailClick: 'email_click',
  smsClick: 'sms_click',
  formSubmitClick: 'form_submit_click',
  kitchenFormClick: 'kitchen_form_click',
  getInTouchClick: 'get_in_touch_click',
} as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

/** §1 / §6: every visitor is labelled Guest with customer type General (sessions come later). */
export const ANALYTICS_VISITOR = { visitorType: 'Guest', customerType: 'General' } as const;

export type AnalyticsParams = Record<string, string | number | boolean | undefined>;
export type DataLayerEntry = { event: AnalyticsEventName } & typeof ANALYTICS_VISITOR & AnalyticsParams;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes one §7 event to `window.dataLayer`, only once the shopper has accepted all cookies.
 *
 * Before that (no choice yet, or rejectAll) the event is DROPPED, not queued: the spec only says
 * the events go to a data layer, and queueing would hand a tag manager clicks made before the
 * shopper agreed to tracking the moment they click Accept, which is exactly what consent is meant to
 * prevent. Dropping also keeps nothing in memory for shoppers who never choose.
 * Returns whether the event was pushed. Safe to call on the server (does nothing).
 */
export function pushAnalyticsEvent(event: AnalyticsEventName, params: AnalyticsParams = {}): boolean {
  if (typeof window === 'undefined') return false;
  if (readCookieConsent() !== 'acceptAll') return false;
  const entry: DataLayerEntry = { ...params, ...ANALYTICS_VISITOR, event };
  (window.dataLayer ??= []).push(entry);
  return true;
}

/**
 * The §7 click event for a link, by where it goes: tel:, mailto:, sms: and the free-kitchen-design,
 * order-samples and book-appointment pages; undefined for any other link. The shell listens to
 * every click once, so links drawn by any remote are counted without each remote wiring them.
 */
export function analyticsEventForHref(href: string): AnalyticsEventName | undefined {
  const value = href.trim().toLowerCase();
  if (value.startsWith('tel:')) return ANALYTICS_EVENTS.phoneClick;
  if (value.startsWith('mailto:')) return ANALYTICS_EVENTS.emailClick;
  if (value.startsWith('sms:')) return ANALYTICS_EVENTS.smsClick;
  let path: string;
  try {
    path = new URL(value, 'http://site.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
  if (path === '/free-kitchen-design') return ANALYTICS_EVENTS.freeKitchenDesignClick;
  if (path === '/order-samples') return ANALYTICS_EVENTS.orderSamplesClick;
  if (path === '/book-appointment') return ANALYTICS_EVENTS.bookAppointmentClick;
  return undefined;
}
