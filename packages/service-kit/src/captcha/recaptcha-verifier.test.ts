import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpstreamBreaker } from '../upstream/circuit-breaker.js';
import { isUpstreamFailure } from '../upstream/upstream-failures.js';
import { CaptchaUnavailableError, verifyRecaptcha } from './recaptcha-verifier.js';

/** A local stand-in of the siteverify endpoint: answers with `reply` and records what it was sent. */
let reply: (res: http.ServerResponse) => void;
const received: { contentType?: string; form: URLSearchParams }[] = [];
let server: http.Server;
let verifyUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ contentType: req.headers['content-type'], form: new URLSearchParams(body) });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => (received.length = 0));

const json = (status: number, body: unknown) => (res: http.ServerResponse) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const config = () => ({ secretKey: 'test-secret', verifyUrl, timeoutMs: 500, expectedHostname: 'shop.example.com', minScore: 0.5 });

describe('verifyRecaptcha', () => {
  it('posts secret, response and remoteip form-encoded and accepts success: true', async () => {
    reply = json(200, { success: true, hostname: 'shop.example.com' });
    await expect(verifyRecaptcha(config(), 'token-123', '203.0.113.9')).resolves.toEqual({ verified: true });
    expect(received[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(received[0]!.form)).toEqual({ secret: 'test-secret', response: 'token-123', remoteip: '203.0.113.9' });
  });

  it('refuses a verified token solved on another hostname, or with no hostname (case does not matter)', async () => {
    reply = json(200, { success: true, hostname: 'evil.example.net' });
    await expect(verifyRecaptcha(config(), 't')).resolves.toEqual({ verified: false, errorCodes: ['hostname-mismatch'] });
    reply = json(200, { success: true });
    await expect(verifyRecaptcha(config(), 't')).resolves.toEqual({ verified: false, errorCodes: ['hostname-mismatch'] });
    reply = json(200, { success: true, hostname: 'Shop.Example.com' });
    await expect(verifyRecaptcha(config(), 't')).resolves.toEqual({ verified: true });
  });

  it('refuses a v3 token run for another action, or any action when none is expected; a v2 token carries none', async () => {
    reply = json(200, { success: true, hostname: 'shop.example.com', action: 'login', score: 0.9 });
    await expect(verifyRecaptcha(config(), 't', undefined, undefined, { action: 'contact' })).resolves.toEqual({ verified: false, errorCodes: ['action-mismatch'] });
    await expect(verifyRecaptcha(config(), 't')).resolves.toEqual({ verified: false, errorCodes: ['action-mismatch'] });
    reply = json(200, { success: true, hostname: 'shop.example.com', action: 'contact', score: 0.9 });
    await expect(verifyRecaptcha(config(), 't', undefined, undefined, { action: 'contact' })).resolves.toEqual({ verified: true });
    reply = json(200, { success: true, hostname: 'shop.example.com' });
    await expect(verifyRecaptcha(config(), 't', undefined, undefined, { action: 'contact' })).resolves.toEqual({ verified: true });
  });

  it('refuses a v3 score below the minimum (or not a number), accepts one at it', async () => {
    for (const score of [0.1, 0.49, '0.9']) {
      reply = json(200, { success: true, hostname: 'shop.example.com', action: 'contact', score });
      await expect(verifyRecaptcha(config(), 't', undefined, undefined, { action: 'contact' })).resolves.toEqual({ verified: false, errorCodes: ['score-too-low'] });
    }
    reply = json(200, { success: true, hostname: 'shop.example.com', action: 'contact', score: 0.5 });
    await expect(verifyRecaptcha(config(), 't', undefined, undefined, { action: 'contact' })).resolves.toEqual({ verified: true });
  });

  it('refuses a token the provider does not verify', async () => {
    reply = json(200, { success: false, 'error-codes': ['timeout-or-duplicate'] });
    await expect(verifyRecaptcha(config(), 'old-token')).resolves.toEqual({ verified: false, errorCodes: ['timeout-or-duplicate'] });
  });

  it('refuses a missing or absurd token without asking the provider', async () => {
    await expect(verifyRecaptcha(config(), undefined)).resolves.toMatchObject({ verified: false });
    await expect(verifyRecaptcha(config(), '  ')).resolves.toMatchObject({ verified: false });
    await expect(verifyRecaptcha(config(), 'x'.repeat(5000))).resolves.toMatchObject({ verified: false });
    expect(received).toHaveLength(0);
  });

  it('is unavailable when the provider errs, says our secret is wrong, answers no JSON or is too slow', async () => {
    reply = json(500, { error: 'boom' });
    await expect(verifyRecaptcha(config(), 't')).rejects.toBeInstanceOf(CaptchaUnavailableError);
    reply = json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
    await expect(verifyRecaptcha(config(), 't')).rejects.toThrow(/RECAPTCHA_SECRET_KEY/);
    reply = (res) => res.end('<html>maintenance</html>');
    await expect(verifyRecaptcha(config(), 't')).rejects.toBeInstanceOf(CaptchaUnavailableError);
    reply = (res) => setTimeout(() => json(200, { success: true })(res), 1500);
    await expect(verifyRecaptcha(config(), 't')).rejects.toBeInstanceOf(CaptchaUnavailableError);
  });

  it('is unavailable when nothing listens', async () => {
    await expect(verifyRecaptcha({ ...config(), verifyUrl: 'http://127.0.0.1:9/siteverify' }, 't')).rejects.toBeInstanceOf(CaptchaUnavailableError);
  });

  describe('through its breaker', () => {
    const settings = { errorThresholdPercentage: 50, volumeThreshold: 3, rollingCountTimeoutMs: 10000, resetTimeoutMs: 200 };
    let breaker: UpstreamBreaker;
    beforeEach(() => (breaker = new UpstreamBreaker({ upstream: 'recaptcha', isUpstreamFailure, settings })));
    afterEach(() => breaker.shutdown());

    it('counts a provider that errs (5xx, 429), then answers unavailable without asking it until the reset', async () => {
      reply = json(503, {});
      for (let i = 0; i < 2; i++) await expect(verifyRecaptcha(config(), 't', undefined, breaker)).rejects.toBeInstanceOf(CaptchaUnavailableError);
      reply = json(429, {});
      await expect(verifyRecaptcha(config(), 't', undefined, breaker)).rejects.toThrow('reCAPTCHA verification answered 429');
      expect(breaker.state).toBe('open');
      received.length = 0;
      reply = json(200, { success: true, hostname: 'shop.example.com' });
      await expect(verifyRecaptcha(config(), 't', undefined, breaker)).rejects.toThrow(/circuit breaker is open/);
      expect(received).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 250));
      await expect(verifyRecaptcha(config(), 't', undefined, breaker)).resolves.toEqual({ verified: true });
      expect(breaker.state).toBe('closed');
    });

    it("does not count a verdict, even a refused token, nor the provider refusing our secret (it answered)", async () => {
      reply = json(200, { success: false, 'error-codes': ['invalid-input-response'] });
      for (let i = 0; i < 4; i++) await verifyRecaptcha(config(), 't', undefined, breaker);
      reply = json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
      for (let i = 0; i < 4; i++) await verifyRecaptcha(config(), 't', undefined, breaker).catch(() => undefined);
      expect(breaker.state).toBe('closed');
    });
  });
});
