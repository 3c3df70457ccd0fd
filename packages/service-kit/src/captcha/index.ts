// The server side of the spec's reCAPTCHA: one implementation for every service that takes a form
// with googleReCaptcha (the forms service's submissions, the orders service's registration).
export {
  CAPTCHA_CONFIG,
  DEFAULT_RECAPTCHA_MIN_SCORE,
  DEFAULT_RECAPTCHA_VERIFY_URL,
  captchaProductionRules,
  readCaptchaConfig,
  type CaptchaConfig,
} from './captcha-config.js';
export { CaptchaModule } from './captcha.module.js';
export { CAPTCHA_UNAVAILABLE_MESSAGE, CaptchaService } from './captcha.service.js';
export { CAPTCHA_REFUSALS, CaptchaUnavailableError, verifyRecaptcha, type CaptchaExpectation, type CaptchaVerdict } from './recaptcha-verifier.js';
