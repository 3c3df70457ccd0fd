import { listen, sendJson, type StandInServer } from '../http.js';

/** Google's siteverify path; RECAPTCHA_VERIFY_URL is the stand-in's `verifyUrl`. */
export const RECAPTCHA_SITEVERIFY_PATH = '/recaptcha/api/siteverify';

/** The prefix of a token the stand-in verifies: `recaptcha-ok:<hostname>:<action>[:<score>[:<nonce>]]`. */
export const RECAPTCHA_STAND_IN_TOKEN_PREFIX = 'recaptcha-ok';

/** The score a v3 answer carries when its token names none (Google's scale: 1.0 very likely a human). */
const DEFAULT_SCORE = 0.9;

/**
 * A token the stand-in verifies, as the browser would get it from Google's widget on `hostname`:
 * with an `action` it is a v3 token (its answer carries action and score), without one a v2 token.
 * A `nonce` makes otherwise equal tokens distinct (each token verifies once, as at Google).
 */
export function recaptchaStandInToken(hostname: string, action = '', options: { score?: number; nonce?: string } = {}): string {
  const parts = [RECAPTCHA_STAND_IN_TOKEN_PREFIX, hostname, action];
  if (options.score !== undefined || options.nonce !== undefined) parts.push(options.score === undefined ? '' : String(options.score));
  if (options.nonce !== undefined) parts.push(options.nonce);
  return parts.join(':');
}

export interface RecaptchaStandInOptions {
  /** 0 or unset: a free port */
  port?: number;
  /** when set, only this secret is accepted (others: `invalid-input-secret`); unset, any non-empty secret */
  secret?: string;
  /** true: a token verifies every time it is sent (Google answers `timeout-or-duplicate` the second time) */
  acceptDuplicates?: boolean;
}

export interface RecaptchaStandIn extends StandInServer {
  /** `${url}/recaptcha/api/siteverify`: the value for RECAPTCHA_VERIFY_URL */
  readonly verifyUrl: string;
}

type SiteverifyAnswer = Record<string, unknown>;

const refused = (...errorCodes: string[]): SiteverifyAnswer => ({ success: false, 'error-codes': errorCodes });

/**
 * A local stand-in of reCAPTCHA's siteverify (POST, form-encoded `secret`, `response`, optional
 * `remoteip`), answering with Google's shapes: `{ success, challenge_ts, hostname, action?, score?,
 * 'error-codes'? }`. Only tokens made by `recaptchaStandInToken` verify, each once unless
 * `acceptDuplicates`; a malformed score or any other token is `invalid-input-response`.
 */
export async function startRecaptchaStandIn(options: RecaptchaStandInOptions = {}): Promise<RecaptchaStandIn> {
  const used = new Set<string>();
  const verify = (form: URLSearchParams): SiteverifyAnswer => {
    const secret = form.get('secret') ?? '';
    if (secret === '') return refused('missing-input-secret');
    if (options.secret !== undefined && secret !== options.secret) return refused('invalid-input-secret');
    const token = form.get('response') ?? '';
    if (token === '') return refused('missing-input-response');
    const [prefix, hostname, action, score, ...rest] = token.split(':');
    if (prefix !== RECAPTCHA_STAND_IN_TOKEN_PREFIX || !hostname || rest.length > 1) return refused('invalid-input-response');
    const scoreValue = score ? Number(score) : DEFAULT_SCORE;
    if (!Number.isFinite(scoreValue) || scoreValue < 0 || scoreValue > 1) return refused('invalid-input-response');
    if (!options.acceptDuplicates) {
      if (used.has(token)) return refused('timeout-or-duplicate');
      used.add(token);
    }
    return {
      success: true,
      challenge_ts: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      hostname,
      ...(action ? { action, score: scoreValue } : {}),
    };
  };
  const server = await listen((request, response) => {
    const path = request.path.split('?')[0];
    if (path !== RECAPTCHA_SITEVERIFY_PATH) return sendJson(response, 404, { error: 'not found' });
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'method not allowed' }, { allow: 'POST' });
    // Google reads the parameters from the body, or the query string when the body has none
    const query = request.path.includes('?') ? request.path.slice(request.path.indexOf('?') + 1) : '';
    sendJson(response, 200, verify(new URLSearchParams(request.body || query)));
  }, options.port ?? 0);
  return Object.assign(server, { verifyUrl: `${server.url}${RECAPTCHA_SITEVERIFY_PATH}` });
}
