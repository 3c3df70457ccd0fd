import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BadRequestException, ServiceUnavailableException } from '@nestjs/common';
import type { FormDefinition } from '@storefront/contracts';
import { upstreamBreakers } from '../upstream/circuit-breaker.js';
import { CaptchaService } from './captcha.service.js';

const dealer = { name: 'dealer', fields: [], buttons: { submit: 'Apply' }, googleReCaptcha: true } as FormDefinition;

describe('CaptchaService', () => {
  it('is off without RECAPTCHA_SECRET_KEY: a googleReCaptcha form is accepted without a token', async () => {
    const off = new CaptchaService({ secretKey: '', verifyUrl: 'http://127.0.0.1:9/never', timeoutMs: 100, expectedHostname: 'localhost', minScore: 0.5 });
    expect(off.enabled).toBe(false);
    await expect(off.check(dealer, undefined, '203.0.113.9')).resolves.toBeUndefined();
  });

  it('is on with a secret: no token is a 400 with the spec message, before any call', async () => {
    const on = new CaptchaService({ secretKey: 'secret', verifyUrl: 'http://127.0.0.1:9/never', timeoutMs: 100, expectedHostname: 'localhost', minScore: 0.5 });
    await expect(on.check(dealer, undefined, undefined)).rejects.toBeInstanceOf(BadRequestException);
    await expect(on.check({ ...dealer, googleReCaptcha: false }, undefined, undefined)).resolves.toBeUndefined();
    on.onModuleDestroy();
  });

  it('answers 503 while reCAPTCHA cannot be reached, and at once (without asking) once its breaker is open', async () => {
    // a verifier that accepts the connection and never answers: each call runs into the 100 ms timeout.
    // The calls are counted where they leave (fetch), not where they arrive: on a loaded machine a call
    // can time out before the verifier has read it.
    const silent = createServer(() => undefined);
    const fetchCalls = jest.spyOn(globalThis, 'fetch');
    const asked = () => fetchCalls.mock.calls.map(([url]) => String(url)).filter((url) => url.endsWith('/siteverify'));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const circuit = { errorThresholdPercentage: 50, volumeThreshold: 2, rollingCountTimeoutMs: 10000, resetTimeoutMs: 60000 };
    const down = new CaptchaService({ secretKey: 'secret', verifyUrl: `http://127.0.0.1:${port}/siteverify`, timeoutMs: 100, expectedHostname: 'localhost', minScore: 0.5, circuit });
    try {
      for (let i = 0; i < 2; i++) await expect(down.check(dealer, 'token', undefined)).rejects.toBeInstanceOf(ServiceUnavailableException);
      expect(asked()).toHaveLength(2);
      expect([...upstreamBreakers()].find((breaker) => breaker.upstream === 'recaptcha')?.state).toBe('open');
      // open breaker: refused without a request (counted, not timed, so a loaded machine cannot flake it)
      await expect(down.check(dealer, 'token', undefined)).rejects.toBeInstanceOf(ServiceUnavailableException);
      expect(asked()).toHaveLength(2);
    } finally {
      fetchCalls.mockRestore();
      down.onModuleDestroy();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
    expect([...upstreamBreakers()].some((breaker) => breaker.upstream === 'recaptcha')).toBe(false);
  });
});
