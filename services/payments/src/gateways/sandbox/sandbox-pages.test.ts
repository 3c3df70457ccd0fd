import { isSafeReturnUrl, sandboxFormPage } from './sandbox-pages.js';

describe('sandbox pages', () => {
  it('accepts only site-relative /payment/ paths as return_url', () => {
    expect(isSafeReturnUrl('/payment/verify/stripe')).toBe(true);
    for (const bad of ['https://evil.example/payment/x', '//evil.example/payment/', '/payment//evil', '/checkout', '/payment/../x', '/payment/x?y=1', 42]) {
      expect(isSafeReturnUrl(bad)).toBe(false);
    }
  });

  it('renders an accessible form without script or style, escaping what it shows', () => {
    const html = sandboxFormPage({
      title: 'Sandbox 3-D Secure',
      heading: 'Sandbox 3-D Secure',
      intro: 'x',
      amountCents: 123456,
      action: '/a?b="c"',
      buttons: [{ name: 'decision', value: 'complete', label: 'Complete authentication' }],
    });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('$1,234.56');
    expect(html).toContain('action="/a?b=&quot;c&quot;"');
    expect(html).not.toMatch(/<script|style=|<style/);
  });
});
