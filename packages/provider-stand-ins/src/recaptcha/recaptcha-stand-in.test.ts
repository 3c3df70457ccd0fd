import { RECAPTCHA_SITEVERIFY_PATH, recaptchaStandInToken, startRecaptchaStandIn, type RecaptchaStandIn } from './recaptcha-stand-in.js';

/** What siteverify answers, over real HTTP, as the verifier asks it (form-encoded POST). */
let standIn: RecaptchaStandIn;
beforeAll(async () => {
  standIn = await startRecaptchaStandIn({ secret: 'stand-in-secret' });
});
afterAll(() => standIn.close());

async function siteverify(params: Record<string, string>, url = standIn.verifyUrl) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the reCAPTCHA stand-in', () => {
  it('verifies a v3 token once, with its hostname, action and score, as Google answers', async () => {
    const response = recaptchaStandInToken('shop.example.com', 'contact', { score: 0.7, nonce: 'a' });
    expect(response).toBe('recaptcha-ok:shop.example.com:contact:0.7:a');
    const first = await siteverify({ secret: 'stand-in-secret', response, remoteip: '203.0.113.9' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), hostname: 'shop.example.com', action: 'contact', score: 0.7 });
    expect((await siteverify({ secret: 'stand-in-secret', response })).body).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it('answers a v2 token (no action) without action or score, and a v3 token without a score with 0.9', async () => {
    expect((await siteverify({ secret: 'stand-in-secret', response: recaptchaStandInToken('localhost') })).body).toEqual({
      success: true,
      challenge_ts: expect.any(String),
      hostname: 'localhost',
    });
    expect((await siteverify({ secret: 'stand-in-secret', response: 'recaptcha-ok:localhost:registration' })).body).toMatchObject({ action: 'registration', score: 0.9 });
  });

  it('refuses what Google refuses: another secret, no secret, no token, a token it did not issue, a score out of range', async () => {
    const token = recaptchaStandInToken('localhost', 'contact', { nonce: 'b' });
    expect((await siteverify({ secret: 'someone-else', response: token })).body).toEqual({ success: false, 'error-codes': ['invalid-input-secret'] });
    expect((await siteverify({ response: token })).body).toEqual({ success: false, 'error-codes': ['missing-input-secret'] });
    expect((await siteverify({ secret: 'stand-in-secret' })).body).toEqual({ success: false, 'error-codes': ['missing-input-response'] });
    for (const response of ['03AFcWeA-real-looking-token', 'recaptcha-ok::contact', 'recaptcha-ok:localhost:contact:2', 'recaptcha-ok:localhost:contact:x']) {
      expect((await siteverify({ secret: 'stand-in-secret', response })).body).toEqual({ success: false, 'error-codes': ['invalid-input-response'] });
    }
  });

  it('answers only POST on the siteverify path', async () => {
    expect((await fetch(standIn.verifyUrl)).status).toBe(405);
    expect((await siteverify({ secret: 'stand-in-secret', response: 'x' }, `${standIn.url}/elsewhere`)).status).toBe(404);
    expect(standIn.verifyUrl).toBe(`${standIn.url}${RECAPTCHA_SITEVERIFY_PATH}`);
  });

  it('verifies the same token again when started with acceptDuplicates, and any secret when started without one', async () => {
    const lenient = await startRecaptchaStandIn({ acceptDuplicates: true });
    try {
      const params = { secret: 'whatever', response: recaptchaStandInToken('localhost', 'contact') };
      expect((await siteverify(params, lenient.verifyUrl)).body.success).toBe(true);
      expect((await siteverify(params, lenient.verifyUrl)).body.success).toBe(true);
    } finally {
      await lenient.close();
    }
  });
});
