import { BadRequestException } from '@nestjs/common';
import type { FormDefinition } from '@storefront/contracts';
import { CaptchaService } from './captcha.service.js';

const dealer = { name: 'dealer', fields: [], buttons: { submit: 'Apply' }, googleReCaptcha: true } as FormDefinition;

describe('CaptchaService', () => {
  it('is off without RECAPTCHA_SECRET_KEY: a googleReCaptcha form is accepted without a token', async () => {
    const off = new CaptchaService({ secretKey: '', verifyUrl: 'http://127.0.0.1:9/never', timeoutMs: 100 });
    expect(off.enabled).toBe(false);
    await expect(off.check(dealer, undefined, '203.0.113.9')).resolves.toBeUndefined();
  });

  it('is on with a secret: no token is a 400 with the spec message, before any call', async () => {
    const on = new CaptchaService({ secretKey: 'secret', verifyUrl: 'http://127.0.0.1:9/never', timeoutMs: 100 });
    await expect(on.check(dealer, undefined, undefined)).rejects.toBeInstanceOf(BadRequestException);
    await expect(on.check({ ...dealer, googleReCaptcha: false }, undefined, undefined)).resolves.toBeUndefined();
  });
});
