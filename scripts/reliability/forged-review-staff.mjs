// The security review's probe of the back office's staff routes (issue 35), and the staff members it
// needs, made as the back office makes them. A probe of forged-review.mjs's list (PROBES): it takes
// the context runReviewProbes gives every probe.
import { randomBytes } from 'node:crypto';
import { CSRF_HEADER } from '@storefront/contracts';
import { Secret, TOTP } from 'otpauth';
import { is, parse, withJson } from './lib/probe-requests.mjs';

/** The authenticator app: a key's current code (RFC 6238, as the back office enrols it). */
const totpCode = (secret) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/**
 * A staff member made as the back office makes one (a manager's API key adds them, their setup link
 * enrols an authenticator): their session cookie, CSRF token, e-mail and the code their setup used.
 */
async function staffMember(ctx, role) {
  const { stack, send, world } = ctx;
  const email = `staff-${role}-${world.tag}-${randomBytes(3).toString('hex')}@forged.example.com`;
  const created = parse(await send(stack.gatewayUrl, withJson('POST', '/api/admin/staff', { email, name: `Forged ${role}`, role }, world.admin)));
  const token = new URL(created?.setupLink?.url ?? 'http://x/').searchParams.get('token');
  if (!token) throw new Error(`staff set-up (${stack.mode}): no setup link for ${role}`);
  const started = parse(await send(stack.gatewayUrl, withJson('POST', '/api/admin/setup/start', { token })));
  const code = totpCode(started.totp.secret);
  const done = await send(stack.gatewayUrl, withJson('POST', '/api/admin/setup/complete', { token, password: 'a forged staff password', code }));
  const cookie = [].concat(done.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
  const csrf = decodeURIComponent(/(?:^|;\s*)(?:__Host-)?sf_staff_csrf=([^;]+)/.exec(cookie)?.[1] ?? '');
  if (done.status !== 200 || !csrf) throw new Error(`staff set-up (${stack.mode}): setup of ${role} answered ${done.status}`);
  return { email, cookie, csrf, code, password: 'a forged staff password' };
}

/**
 * Staff routes forged (issue 35): without a session, with the wrong role, with another session's CSRF
 * token or from another site, and a second factor replayed: each refused, and nothing written.
 */
export async function probeStaffRoutes(ctx) {
  const { stack, ledger, kind, send, world } = ctx;
  const sales = await staffMember(ctx, 'sales');
  const manager = await staffMember(ctx, 'manager');
  const order = world.orders.unpaid.number;
  const as = (member, extra = {}) => ({ cookie: member.cookie, [CSRF_HEADER.toLowerCase()]: member.csrf, ...extra });

  const none = kind('staff routes without a session');
  for (const [method, routePath] of [['GET', '/api/admin/staff'], ['GET', '/api/admin/audit'], ['GET', `/api/admin/orders/${order}`], ['POST', `/api/admin/orders/${order}/cancel`]]) {
    const answer = await send(stack.gatewayUrl, method === 'GET' ? { path: routePath } : withJson(method, routePath, {}));
    ledger.check(none, `${method} ${routePath} -> ${answer.status}`, is(401)(answer));
  }

  const role = kind('staff routes with the wrong role');
  for (const [method, routePath, body] of [['POST', `/api/admin/orders/${order}/cancel`, {}], ['GET', '/api/admin/audit'], ['POST', '/api/admin/staff', { email: `x-${world.tag}@forged.example.com`, name: 'X', role: 'manager' }]]) {
    const answer = await send(stack.gatewayUrl, method === 'GET' ? { path: routePath, headers: as(sales) } : withJson(method, routePath, body, as(sales)));
    ledger.check(role, `a sales session: ${method} ${routePath} -> ${answer.status}`, is(403)(answer));
  }

  const csrf = kind('staff writes with a stolen CSRF token or from another site');
  const note = (headers) => send(stack.gatewayUrl, withJson('POST', `/api/admin/orders/${order}/notes`, { comment: 'forged note' }, headers));
  for (const [label, headers] of [
    ['no token', { cookie: manager.cookie }],
    ["the other staff member's token", { cookie: manager.cookie, [CSRF_HEADER.toLowerCase()]: sales.csrf }],
    ['another site', as(manager, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })],
  ]) {
    const answer = await note(headers);
    ledger.check(csrf, `${label} -> ${answer.status}`, is(403)(answer));
  }
  const detail = parse(await send(stack.gatewayUrl, { path: `/api/admin/orders/${order}`, headers: as(manager) }));
  ledger.check(csrf, 'no forged note reached the order', Array.isArray(detail?.history) && !detail.history.some((entry) => entry.comment === 'forged note'));

  const replay = kind('a second factor replayed');
  const again = await send(stack.gatewayUrl, withJson('POST', '/api/admin/sign-in', { email: sales.email, password: sales.password, code: sales.code }));
  ledger.check(replay, `sign-in with the code setup already used -> ${again.status}`, is(401)(again));
  const guessed = await send(stack.gatewayUrl, withJson('POST', '/api/admin/sign-in', { email: sales.email, password: sales.password }));
  ledger.check(replay, `sign-in with the right password and no code -> ${guessed.status}`, is(401)(guessed));
}
