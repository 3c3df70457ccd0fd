import { renderPasswordReset } from './password-reset-email.js';

const view = {
  firstName: 'Ann <b>',
  resetLink: 'https://shop.example/reset-password?token=abc_DEF-123&x=<y>',
  validMinutes: 60,
  store: { name: 'Heartwood Cabinetry', email: 'help@heartwood.example' },
};

describe('renderPasswordReset', () => {
  it('carries the link as a button and as text, says how long it works, and escapes every value', () => {
    const email = renderPasswordReset(view);
    expect(email.subject).toBe('Reset your password');
    expect(email.html).toContain('href="https://shop.example/reset-password?token=abc_DEF-123&amp;x=&lt;y&gt;"');
    expect(email.html).toContain('Ann &lt;b&gt;');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('60 minutes');
    expect(email.text).toContain('Choose a new password: https://shop.example/reset-password?token=abc_DEF-123&x=<y>');
    expect(email.text).toContain('If you did not ask for this');
  });

  it('keeps the subject free of personal data', () => {
    expect(renderPasswordReset({ ...view, firstName: 'Zed' }).subject).not.toContain('Zed');
  });
});
