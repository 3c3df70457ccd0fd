import { EnvConfigError } from '../env-config.js';
import { productionSafety } from '../production-safety.js';
import { PRODUCTION_BASELINE_ENV } from '../testing.js';
import { captchaProductionRules, readCaptchaConfig } from './captcha-config.js';

const secret = 'r3captcha-s3cret-0123456789abcdefXYZ';

describe('readCaptchaConfig', () => {
  it('expects tokens solved on PUBLIC_SITE_URL’s hostname unless RECAPTCHA_EXPECTED_HOSTNAME names another, and v3 scores of 0.5', () => {
    expect(readCaptchaConfig({})).toMatchObject({ secretKey: '', expectedHostname: 'localhost', minScore: 0.5 });
    expect(readCaptchaConfig({ PUBLIC_SITE_URL: 'https://Shop.Example.com/base' }).expectedHostname).toBe('shop.example.com');
    expect(readCaptchaConfig({ PUBLIC_SITE_URL: 'https://shop.example.com', RECAPTCHA_EXPECTED_HOSTNAME: 'WWW.example.com', RECAPTCHA_MIN_SCORE: '0.7' })).toMatchObject({
      expectedHostname: 'www.example.com',
      minScore: 0.7,
    });
  });

  it('refuses a hostname with a scheme or path, and a score outside 0..1, naming the variable', () => {
    expect(() => readCaptchaConfig({ RECAPTCHA_EXPECTED_HOSTNAME: 'https://shop.example.com/' })).toThrow(/RECAPTCHA_EXPECTED_HOSTNAME must be a hostname/);
    expect(() => readCaptchaConfig({ RECAPTCHA_MIN_SCORE: '5' })).toThrow(/RECAPTCHA_MIN_SCORE must be a number from 0 to 1/);
  });

  it('leaves the captcha off outside production without a secret, and takes an http verify URL there', () => {
    expect(readCaptchaConfig({ RECAPTCHA_VERIFY_URL: 'http://captcha.internal/siteverify' }).verifyUrl).toBe('http://captcha.internal/siteverify');
  });

  describe('in production', () => {
    const production = { NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://shop.example.com' };

    it('refuses to start without RECAPTCHA_SECRET_KEY', () => {
      expect(() => readCaptchaConfig(production)).toThrow(EnvConfigError);
      expect(() => readCaptchaConfig(production)).toThrow(/RECAPTCHA_SECRET_KEY is missing/);
    });

    it('refuses an http RECAPTCHA_VERIFY_URL except to a loopback stand-in', () => {
      for (const verifyUrl of ['http://captcha.internal/siteverify', 'http://10.0.0.5/siteverify', 'http://127.0.0.1.evil.example/x']) {
        expect(() => readCaptchaConfig({ ...production, RECAPTCHA_SECRET_KEY: secret, RECAPTCHA_VERIFY_URL: verifyUrl })).toThrow(/RECAPTCHA_VERIFY_URL must use https in production/);
      }
      for (const verifyUrl of ['https://www.google.com/recaptcha/api/siteverify', 'http://127.0.0.1:4455/recaptcha/api/siteverify', 'http://localhost:1/x', 'http://[::1]:2/x']) {
        expect(readCaptchaConfig({ ...production, RECAPTCHA_SECRET_KEY: secret, RECAPTCHA_VERIFY_URL: verifyUrl }).verifyUrl).toBe(verifyUrl);
      }
    });

    it('adds its refusals to productionSafety’s, each naming its variable', async () => {
      const refused = productionSafety({ database: false, rules: captchaProductionRules() }, { ...PRODUCTION_BASELINE_ENV, ...production, RECAPTCHA_VERIFY_URL: 'http://captcha.example/x' });
      await expect(refused).rejects.toMatchObject({
        problems: expect.arrayContaining([
          expect.objectContaining({ variable: 'RECAPTCHA_SECRET_KEY' }),
          expect.objectContaining({ variable: 'RECAPTCHA_VERIFY_URL' }),
        ]),
      });
      await expect(productionSafety({ database: false, rules: captchaProductionRules() }, { ...PRODUCTION_BASELINE_ENV, ...production, RECAPTCHA_SECRET_KEY: secret })).resolves.toBeUndefined();
    });

    it('names an http RECAPTCHA_VERIFY_URL once in productionSafety’s refusal (the shared outbound-URL rule, not a second captcha rule)', async () => {
      const refusal = await productionSafety(
        { database: false, rules: captchaProductionRules() },
        { ...PRODUCTION_BASELINE_ENV, ...production, RECAPTCHA_SECRET_KEY: secret, RECAPTCHA_VERIFY_URL: 'http://captcha.example/x' },
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(EnvConfigError);
      const { problems, message } = refusal as EnvConfigError;
      expect(problems.filter((entry) => entry.variable === 'RECAPTCHA_VERIFY_URL')).toHaveLength(1);
      expect(message.match(/RECAPTCHA_VERIFY_URL/g)).toHaveLength(1);
    });
  });
});
