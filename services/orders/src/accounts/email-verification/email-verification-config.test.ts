import { EMAIL_VERIFICATION_DEFAULT_TTL_HOURS } from '@storefront/contracts';
import { readVerificationTtlHours } from './email-verification.service.js';

describe('EMAIL_VERIFICATION_TTL_HOURS', () => {
  it('defaults to 48 hours and takes a whole number of hours up to a week', () => {
    expect(readVerificationTtlHours({})).toBe(EMAIL_VERIFICATION_DEFAULT_TTL_HOURS);
    expect(EMAIL_VERIFICATION_DEFAULT_TTL_HOURS).toBe(48);
    expect(readVerificationTtlHours({ EMAIL_VERIFICATION_TTL_HOURS: '24' })).toBe(24);
  });

  it('refuses a value out of range or not a whole number, naming the variable', () => {
    for (const bad of ['0', '169', '1.5', 'two days']) {
      expect(() => readVerificationTtlHours({ EMAIL_VERIFICATION_TTL_HOURS: bad })).toThrow(/EMAIL_VERIFICATION_TTL_HOURS/);
    }
  });
});
