import type { PopupSettings } from '@storefront/contracts';
import { parsePopupExpiry, popupAppliesTo, popupCookieName, scrolledPercentage } from './popup-rules';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('parsePopupExpiry', () => {
  it.each([
    ['30m', 30 * MINUTE],
    ['2h', 2 * HOUR],
    ['3d', 72 * HOUR],
    ['1w', 168 * HOUR],
    [' 12H ', 12 * HOUR],
  ])('%s', (value, ms) => {
    expect(parsePopupExpiry(value)).toBe(ms);
  });

  it.each([undefined, '', '0h', '1.5h', '2 days', 'h', '-1d', '10y'])('falls back to 24 hours for %p', (value) => {
    expect(parsePopupExpiry(value)).toBe(24 * HOUR);
  });
});

describe('popupAppliesTo', () => {
  const popup = (extra: Partial<PopupSettings>): PopupSettings => ({
    name: 'offer',
    title: 'Offer',
    description: 'Free design',
    triggers: [{ type: 'delay', delayMs: 1000 }],
    ...extra,
  });

  it('shows everywhere without paths, and never when disabled', () => {
    expect(popupAppliesTo(popup({}), '/contact')).toBe(true);
    expect(popupAppliesTo(popup({ enabled: false }), '/')).toBe(false);
  });

  it('matches exact paths and /* for the pages under a path', () => {
    const p = popup({ paths: ['/', '/products/rta/*'] });
    expect(popupAppliesTo(p, '/')).toBe(true);
    expect(popupAppliesTo(p, '/products/rta/ssw')).toBe(true);
    expect(popupAppliesTo(p, '/products/rta/ssw/')).toBe(true);
    expect(popupAppliesTo(p, '/products/rta')).toBe(false);
    expect(popupAppliesTo(p, '/products/rtax')).toBe(false);
    expect(popupAppliesTo(p, '/checkout')).toBe(false);
  });
});

describe('scrolledPercentage', () => {
  it('measures how far down the page the shopper is', () => {
    expect(scrolledPercentage(0, 3000, 1000)).toBe(0);
    expect(scrolledPercentage(1000, 3000, 1000)).toBe(50);
    expect(scrolledPercentage(5000, 3000, 1000)).toBe(100);
    expect(scrolledPercentage(0, 800, 1000)).toBe(100);
  });
});

it('names the once-only cookie after the popup', () => {
  expect(popupCookieName('free-kitchen-design')).toBe('popup-shown-free-kitchen-design');
});
