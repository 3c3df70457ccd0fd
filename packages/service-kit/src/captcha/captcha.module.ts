import { Module } from '@nestjs/common';
import { CAPTCHA_CONFIG, readCaptchaConfig } from './captcha-config.js';
import { CaptchaService } from './captcha.service.js';

@Module({
  providers: [{ provide: CAPTCHA_CONFIG, useFactory: () => readCaptchaConfig() }, CaptchaService],
  exports: [CaptchaService],
})
export class CaptchaModule {}
