import { ADMIN_PATHS } from '@storefront/contracts';
import { cacheControlFor, splitTemplate } from './render-page';

describe('splitTemplate', () => {
  it('finds the head end and the root element in the minified index.html', () => {
    const parts = splitTemplate('<html><head><script defer src=/main.js></script><link href=/main.css rel=stylesheet></head><body><div id=root></div></body></html>');
    expect(parts).toEqual({
      head: '<html><head><link href=/main.css rel=stylesheet>',
      body: '</head><body><div id=root>',
      end: '</div></body></html>',
      // the entry script is started after the first paint instead
      entries: ['/main.js'],
    });
  });

  it('explains a template it cannot use', () => {
    expect(() => splitTemplate('<html><body></body></html>')).toThrow(/<\/head>/);
  });
});

describe('cacheControlFor', () => {
  it("keeps a page reached with a proof (?token=) out of every cache; other pages are revalidated", () => {
    expect(cacheControlFor('/order/view/5f0c3c59-3c1b-4b55-9f3b-7d2b1c0e8a11?token=abc')).toBe('private, no-store');
    expect(cacheControlFor('/reset-password?token=abc')).toBe('private, no-store');
    expect(cacheControlFor('/products?page=2')).toBe('no-cache');
    expect(cacheControlFor('/checkout')).toBe('no-cache');
  });

  it.each([
    '/login',
    '/login?returnTo=%2Fcheckout',
    '/forgot-password',
    '/reset-password',
    '/my-account',
    '/My-Account/',
    '/my-account/addresses',
    '//my-account//address/edit/addr-1',
    '/my-account/address/new',
    '/order/view/5f0c3c59-3c1b-4b55-9f3b-7d2b1c0e8a11',
    '/quote/view/q-1',
  ])('keeps the per-visitor page %s out of every cache, with or without a token', (url) => {
    expect(cacheControlFor(url)).toBe('private, no-store');
  });

  it.each([
    ...Object.values(ADMIN_PATHS).map((path) => path.replace(':order', 'SF-100013').replace(':quote', 'Q-100001')),
    '/admin/',
    '/ADMIN/Orders',
    '//admin//sign-in',
    '/admin/sign-in?returnTo=%2Fadmin%2Forders',
    '/admin/no-such-screen',
  ])("keeps the staff back office's page %s out of every cache", (url) => {
    expect(cacheControlFor(url)).toBe('private, no-store');
  });

  it.each(['/', '/register', '/my-accountant', '/login-help', '/order/success', '/blogs/my-account', '/administrator', '/admins', '/blogs/admin'])('lets the shared page %s be stored and revalidated', (url) => {
    expect(cacheControlFor(url)).toBe('no-cache');
  });
});
