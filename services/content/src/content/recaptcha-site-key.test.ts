import type { FormDefinition } from '@storefront/contracts';
import { readRecaptchaSiteKey, withRecaptchaSiteKey } from './recaptcha-site-key.js';

const dealer: FormDefinition = { name: 'dealer', fields: [], buttons: { submit: 'Apply' }, googleReCaptcha: true };
const contact: FormDefinition = { name: 'contact', fields: [], buttons: { submit: 'Send' }, googleReCaptcha: false };

describe('withRecaptchaSiteKey', () => {
  it('adds the site key to forms with googleReCaptcha when one is configured', () => {
    expect(withRecaptchaSiteKey(dealer, 'site-key-1')).toEqual({ ...dealer, recaptchaSiteKey: 'site-key-1' });
  });

  it('adds nothing to other forms or without a key, and drops a key written into content', () => {
    expect(withRecaptchaSiteKey(contact, 'site-key-1')).toEqual(contact);
    expect(withRecaptchaSiteKey(dealer, '')).toEqual(dealer);
    expect(withRecaptchaSiteKey({ ...contact, recaptchaSiteKey: 'stale' }, 'site-key-1')).toEqual(contact);
  });

  it('reads RECAPTCHA_SITE_KEY, empty when unset', () => {
    expect(readRecaptchaSiteKey({ RECAPTCHA_SITE_KEY: ' k ' }).trim()).toBe('k');
    expect(readRecaptchaSiteKey({})).toBe('');
  });
});
