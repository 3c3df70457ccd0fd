import { storeCookieConsent } from '@storefront/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { AnalyticsClicks } from './AnalyticsClicks';

function renderLinks() {
  render(
    <>
      <AnalyticsClicks />
      <a href="/order-samples">Order Samples</a>
      <a href="/about-us">About Us</a>
      <div data-analytics="get-in-touch">
        <a href="tel:7325550148">(732) 555-0148</a>
        <a href="mailto:hello@example.com">hello@example.com</a>
        <a href="sms:7325550149">(732) 555-0149</a>
      </div>
    </>,
  );
}

// jsdom would try to navigate; the listener runs in the capture phase, before this.
const click = (name: string) => fireEvent.click(screen.getByRole('link', { name }), { cancelable: true });

beforeAll(() => document.addEventListener('click', (event) => event.preventDefault()));

beforeEach(() => {
  document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
  delete window.dataLayer;
});

describe('AnalyticsClicks', () => {
  it('pushes nothing before Accept All', () => {
    renderLinks();
    click('Order Samples');
    click('(732) 555-0148');
    expect(window.dataLayer).toBeUndefined();
  });

  it('pushes §7 link events, with get_in_touch_click for phone and e-mail in a get-in-touch block', () => {
    storeCookieConsent('acceptAll');
    renderLinks();
    click('Order Samples');
    click('About Us');
    click('(732) 555-0148');
    click('hello@example.com');
    click('(732) 555-0149');
    expect(window.dataLayer?.map((entry) => [(entry as { event: string }).event, (entry as { contactMethod?: string }).contactMethod])).toEqual([
      ['order_samples_click', undefined],
      ['phone_click', undefined],
      ['get_in_touch_click', 'Phone'],
      ['email_click', undefined],
      ['get_in_touch_click', 'Email'],
      ['sms_click', undefined],
    ]);
    expect(window.dataLayer?.[0]).toMatchObject({ visitorType: 'Guest', customerType: 'General', linkUrl: '/order-samples' });
  });
});
