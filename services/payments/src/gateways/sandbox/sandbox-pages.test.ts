import { sandboxFormPage } from './sandbox-pages.js';

describe('sandbox pages', () => {
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
