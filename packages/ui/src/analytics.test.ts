import { ANALYTICS_EVENTS, analyticsEventForHref, pushAnalyticsEvent } from './analytics.js';
import { COOKIE_CONSENT_COOKIE, readCookieConsent, storeCookieConsent } from './consent.js';

function clearConsent() {
  document.cookie = `${COOKIE_CONSENT_COOKIE}=; Max-Age=0; Path=/`;
}

beforeEach(() => {
  clearConsent();
  delete window.dataLayer;
});

describe('pushAnalyticsEvent', () => {
  it('pushes nothing before the shopper has chosen', () => {
    expect(pushAnalyticsEvent(ANALYTICS_EVENTS.phoneClick)).toBe(false);
    expect(window.dataLayer).toBeUndefined();
  });

  it('pushes nothing after rejectAll', () => {
    storeCookieConsent('rejectAll');
    expect(pushAnalyticsEvent(ANALYTICS_EVENTS.emailClick)).toBe(false);
    expect(window.dataLayer).toBeUndefined();
  });

  it('drops events from before consent instead of replaying them after acceptAll', () => {
    pushAnalyticsEvent(ANALYTICS_EVENTS.orderSamplesClick);
    storeCookieConsent('acceptAll');
    expect(window.dataLayer).toBeUndefined();
    expect(pushAnalyticsEvent(ANALYTICS_EVENTS.getInTouchClick, { contactMethod: 'Phone' })).toBe(true);
    expect(window.dataLayer).toEqual([
      { event: 'get_in_touch_click', contactMethod: 'Phone', visitorType: 'Guest', customerType: 'General' },
    ]);
  });

  it('keeps a data layer a tag manager already created', () => {
    storeCookieConsent('acceptAll');
    window.dataLayer = [{ gtm: 'start' }];
    pushAnalyticsEvent(ANALYTICS_EVENTS.formSubmitClick, { formName: 'contact' });
    expect(window.dataLayer).toHaveLength(2);
  });
});

describe('storeCookieConsent', () => {
  it('stores the choice and announces it', () => {
    const heard = jest.fn();
    window.addEventListener('sf-cookie-consent', heard);
    storeCookieConsent('acceptAll');
    expect(readCookieConsent()).toBe('acceptAll');
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener('sf-cookie-consent', heard);
  });

  it('ignores a cookie value it does not know', () => {
    document.cookie = `${COOKIE_CONSENT_COOKIE}=maybe; Path=/`;
    expect(readCookieConsent()).toBeUndefined();
  });
});

describe('analyticsEventForHref', () => {
  it.each([
    ['tel:+17325550148', 'phone_click'],
    ['mailto:hello@example.com', 'email_click'],
    ['sms:+17325550149', 'sms_click'],
    ['/free-kitchen-design', 'free_kitchen_design_click'],
    ['/order-samples/', 'order_samples_click'],
    ['https://shop.example/book-appointment?from=menu', 'book_appointment_click'],
    ['/products', undefined],
  ])('%s -> %s', (href, event) => {
    expect(analyticsEventForHref(href)).toBe(event);
  });
});
