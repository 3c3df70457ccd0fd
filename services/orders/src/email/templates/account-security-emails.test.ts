import { EMAIL_VERIFICATION_EMAIL, PASSWORD_CHANGED_EMAIL, renderEmailVerification, renderPasswordChanged } from './account-security-emails.js';
import type { StoreView } from './order-email-view.js';

const store: StoreView = { name: 'Heartwood Cabinetry', phone: '(800) 555-0100', email: 'help@heartwood.example' };

describe('account security e-mails', () => {
  it('the verification e-mail carries its link as button and text, how long it works, every value escaped', () => {
    const mail = renderEmailVerification({ firstName: 'Ann <b>', verifyLink: 'https://shop.example/verify-email?token=abc', validHours: 48, store });
    expect(mail.subject).toBe(EMAIL_VERIFICATION_EMAIL.subject);
    expect(mail.text).toContain('https://shop.example/verify-email?token=abc');
    expect(mail.text).toContain('48 hours');
    expect(mail.html).toContain('href="https://shop.example/verify-email?token=abc"');
    expect(mail.html).not.toContain('Ann <b>');
  });

  it('"your password was changed" carries no token, and the way back through a reset', () => {
    const mail = renderPasswordChanged({ firstName: 'Ann', forgotPasswordLink: 'https://shop.example/forgot-password', store });
    expect(mail.subject).toBe(PASSWORD_CHANGED_EMAIL.subject);
    expect(mail.text).toContain('https://shop.example/forgot-password');
    expect(`${mail.html}${mail.text}`).not.toMatch(/token=/);
  });
});
