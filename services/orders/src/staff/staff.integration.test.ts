import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CSRF_HEADER,
  STAFF_MESSAGES,
  STAFF_RECOVERY_CODE_COUNT,
  adminRoutes,
  staffCreateResponseSchema,
  staffMeResponseSchema,
  staffSetupCompleteResponseSchema,
  staffSetupStartResponseSchema,
} from '@storefront/contracts';
import request from 'supertest';
import { startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';
import { STAFF_CONFIG, type StaffConfig } from './staff-config.js';
import { currentTotpCode } from './two-factor/totp.js';
import { sealPlainTotpSecrets } from './two-factor/totp-secrets.js';

// The staff's identity over HTTP on real PostgreSQL: the first manager from the command line, setup
// links, argon2id + TOTP sign-in (a code used once), sessions (CSRF, 30 minutes idle, 12 hours in
// all, sign-out everywhere), roles on the admin routes, and the audit of what staff do.

const run = promisify(execFile);
// the built command, as `npm run backoffice` runs it (integration tests run after the build)
const CLI = path.resolve(__dirname, '..', '..', 'dist', 'backoffice', 'cli.js');
const PASSWORD = 'correct horse battery staple';

let app: OrdersTestApp;
const saved = { TRUST_PROXY: process.env.TRUST_PROXY, PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL, STAFF_TWO_FACTOR: process.env.STAFF_TWO_FACTOR };

// each test signs in from its own client address, so one test's failures never reach another's limits
let lastAddress = 0;
const nextAddress = () => `203.0.113.${++lastAddress}`;

beforeAll(async () => {
  process.env.TRUST_PROXY = 'loopback';
  process.env.PUBLIC_SITE_URL = 'https://shop.example.com';
  process.env.STAFF_TWO_FACTOR = 'required';
  app = await startOrdersTestApp();
});

afterAll(async () => {
  await app?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** A signed-in browser: its two cookies, and the CSRF token its pages echo. */
interface StaffBrowser {
  cookie: string;
  csrf: string;
  address: string;
}

function browserOf(setCookie: string[] | string | undefined, address: string): StaffBrowser {
  const cookies = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((line) => line.split(';')[0]!);
  const value = (name: string) => cookies.find((pair) => pair.startsWith(`${name}=`))?.slice(name.length + 1) ?? '';
  return { cookie: cookies.join('; '), csrf: decodeURIComponent(value('sf_staff_csrf')), address };
}

const api = (address = nextAddress()) => ({
  get: (url: string) => request(app.server).get(url).set('X-Forwarded-For', address),
  post: (url: string) => request(app.server).post(url).set('X-Forwarded-For', address),
  patch: (url: string) => request(app.server).patch(url).set('X-Forwarded-For', address),
});
const as = (browser: StaffBrowser) => ({
  get: (url: string) => api(browser.address).get(url).set('Cookie', browser.cookie),
  post: (url: string) => api(browser.address).post(url).set('Cookie', browser.cookie).set(CSRF_HEADER, browser.csrf),
  patch: (url: string) => api(browser.address).patch(url).set('Cookie', browser.cookie).set(CSRF_HEADER, browser.csrf),
});

const tokenOf = (link: string) => new URL(link, 'https://shop.example.com').searchParams.get('token')!;

/** Uses a setup link with its key's current code: the signed-in browser and the recovery codes. */
async function completeSetup(token: string): Promise<{ browser: StaffBrowser; secret: string; recoveryCodes: string[] }> {
  const address = nextAddress();
  const started = staffSetupStartResponseSchema.validateSync((await api(address).post(adminRoutes.setupStart.path).send({ token }).expect(200)).body);
  const done = await api(address).post(adminRoutes.setupComplete.path).send({ token, password: PASSWORD, code: currentTotpCode(started.totp.secret) }).expect(200);
  const body = staffSetupCompleteResponseSchema.validateSync(done.body);
  return { browser: browserOf(done.headers['set-cookie'], address), secret: started.totp.secret, recoveryCodes: body.recoveryCodes };
}

/**
 * A code the manager has not used yet: the last used step is forgotten first, since the tests sign in
 * several times within one 30-second step (a real authenticator would have to wait for the next).
 */
async function freshCode(): Promise<string> {
  await app.db.query(`UPDATE orders.staff_member SET totp_last_step = NULL WHERE lower(email) = $1`, [manager.email]);
  return currentTotpCode(manager.secret);
}

const auditRows = (action: string, target: string) =>
  app.db.query(`SELECT actor, action, target, outcome, detail, before, after, staff_id IS NOT NULL AS by_staff FROM orders.admin_audit WHERE action = $1 AND target = $2 ORDER BY id`, [action, target]);

let manager: { browser: StaffBrowser; secret: string; recoveryCodes: string[]; email: string };

describe('the first manager', () => {
  it('is added from the command line, which prints a one-time setup link; the link enrols an authenticator and signs them in', async () => {
    const email = `boss-${Date.now()}@example.com`;
    const { stdout } = await run(process.execPath, [CLI, 'staff', 'create', '--email', email, '--name', 'Bea Boss', '--role', 'manager'], {
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, PUBLIC_URL: 'https://shop.example.com' },
    });
    const link = stdout.split('\n').find((line) => line.startsWith('https://shop.example.com/admin/setup?token='));
    expect(link).toBeDefined();
    const token = tokenOf(link!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // opening the link twice shows the same key (a reload must not change what the phone scanned)
    const first = staffSetupStartResponseSchema.validateSync((await api().post(adminRoutes.setupStart.path).send({ token }).expect(200)).body);
    const again = (await api().post(adminRoutes.setupStart.path).send({ token }).expect(200)).body;
    expect(again.totp.secret).toBe(first.totp.secret);
    expect(first).toMatchObject({ email, name: 'Bea Boss', role: 'manager', twoFactorRequired: true });
    expect(first.totp.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);

    // production's rule: no setup without a code, and a wrong code changes nothing
    const noCode = await api().post(adminRoutes.setupComplete.path).send({ token, password: PASSWORD }).expect(400);
    expect(noCode.body.message).toBe(STAFF_MESSAGES.twoFactorRequired);
    const wrong = await api().post(adminRoutes.setupComplete.path).send({ token, password: PASSWORD, code: '000000' === currentTotpCode(first.totp.secret) ? '111111' : '000000' }).expect(400);
    expect(wrong.body.message).toBe(STAFF_MESSAGES.setupCodeWrong);
    const short = await api().post(adminRoutes.setupComplete.path).send({ token, password: 'too short', code: currentTotpCode(first.totp.secret) }).expect(400);
    expect(short.body.errors.password).toBe(STAFF_MESSAGES.passwordTooShort);

    const done = await completeSetup(token);
    expect(done.recoveryCodes).toHaveLength(STAFF_RECOVERY_CODE_COUNT);
    expect(new Set(done.recoveryCodes).size).toBe(STAFF_RECOVERY_CODE_COUNT);
    manager = { ...done, email };

    // the link is spent
    const spent = await api().post(adminRoutes.setupStart.path).send({ token }).expect(400);
    expect(spent.body.message).toBe(STAFF_MESSAGES.setupLinkInvalid);

    const me = staffMeResponseSchema.validateSync((await as(manager.browser).get(adminRoutes.me.path).expect(200)).body);
    expect(me.me).toMatchObject({ kind: 'staff', email, name: 'Bea Boss', role: 'manager', twoFactor: true, recoveryCodesLeft: STAFF_RECOVERY_CODE_COUNT });
    expect(new Date(me.me.sessionExpiresAt!).getTime() - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
  });

  it('gets cookies of its own: httpOnly session, SameSite=Strict, never the customers', async () => {
    const done = await api().post(adminRoutes.signIn.path).send({ email: manager.email, password: PASSWORD, code: await freshCode() }).expect(200);
    const lines = done.headers['set-cookie'] as unknown as string[];
    const session = lines.find((line) => line.startsWith('sf_staff='))!;
    const csrf = lines.find((line) => line.startsWith('sf_staff_csrf='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(lines.some((line) => line.startsWith('sf_session='))).toBe(false);
    expect(done.headers['cache-control']).toBe('private, no-store');
    // only hashes are stored
    const token = session.split(';')[0]!.split('=')[1]!;
    const [row] = await app.db.query(`SELECT count(*)::int AS n FROM orders.staff_session WHERE token_hash = $1 OR csrf_hash = $1`, [token]);
    expect(row.n).toBe(0);
  });
});

describe('staff sign-in', () => {
  it('answers every wrong part alike, takes a code once, and takes a recovery code once', async () => {
    const address = nextAddress();
    const signIn = (body: object) => api(address).post(adminRoutes.signIn.path).send({ email: manager.email, password: PASSWORD, ...body });
    const code = await freshCode();
    for (const body of [{ password: 'not the password', code }, {}, { code: '123' }, { email: 'nobody@example.com', code }]) {
      const refused = await signIn(body).expect(401);
      expect(refused.body.message).toBe(STAFF_MESSAGES.signInFailed);
    }
    await signIn({ code }).expect(200);
    // the same code again (a replay, a shoulder-surfed code) is refused
    expect((await signIn({ code }).expect(401)).body.message).toBe(STAFF_MESSAGES.signInFailed);

    const [recovery] = manager.recoveryCodes;
    const viaRecovery = await signIn({ code: recovery!.toLowerCase() }).expect(200);
    expect(viaRecovery.body.me.recoveryCodesLeft).toBe(STAFF_RECOVERY_CODE_COUNT - 1);
    await signIn({ code: recovery }).expect(401);
  });

  it('limits guessed codes like guessed passwords: a right password with wrong codes ends in 429', async () => {
    const address = nextAddress();
    let status = 0;
    for (let guess = 0; guess < 8 && status !== 429; guess++) {
      status = (await api(address).post(adminRoutes.signIn.path).send({ email: manager.email, password: PASSWORD, code: String(100000 + guess) })).status;
    }
    expect(status).toBe(429);
    await app.db.query(`DELETE FROM orders.sign_in_failure WHERE key LIKE 'account:staff:%' OR key = $1`, [`address:${address}`]);
  });
});

describe('staff sessions', () => {
  const signIn = async (): Promise<StaffBrowser> => {
    const address = nextAddress();
    const done = await api(address).post(adminRoutes.signIn.path).send({ email: manager.email, password: PASSWORD, code: await freshCode() }).expect(200);
    return browserOf(done.headers['set-cookie'], address);
  };

  it('refuse a write without the CSRF token, with another session\'s, or from another site, and store nothing', async () => {
    const browser = await signIn();
    const body = { email: `nobody-${Date.now()}@example.com`, name: 'Never Made', role: 'sales' };
    const noToken = await api(browser.address).post(adminRoutes.createStaff.path).set('Cookie', browser.cookie).send(body).expect(403);
    expect(noToken.body.message).toBe(STAFF_MESSAGES.forgeryRefused);
    await as(browser).post(adminRoutes.createStaff.path).set('Sec-Fetch-Site', 'cross-site').send(body).expect(403);
    await api(browser.address).post(adminRoutes.createStaff.path).set('Cookie', browser.cookie).set(CSRF_HEADER, manager.browser.csrf).send(body).expect(403);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM orders.staff_member WHERE email = $1`, [body.email]);
    expect(n).toBe(0);
  });

  it('end 30 minutes after the last request, and 12 hours after sign-in however busy', async () => {
    const idle = await signIn();
    await app.db.query(`UPDATE orders.staff_session SET last_seen_at = now() - interval '30 minutes 1 second' WHERE id = (SELECT id FROM orders.staff_session ORDER BY created_at DESC LIMIT 1)`);
    const ended = await as(idle).get(adminRoutes.me.path).expect(401);
    expect(ended.body.message).toBe(STAFF_MESSAGES.sessionEnded);
    const busy = await signIn();
    await app.db.query(`UPDATE orders.staff_session SET last_seen_at = now() - interval '29 minutes' WHERE id = (SELECT id FROM orders.staff_session ORDER BY created_at DESC LIMIT 1)`);
    await as(busy).get(adminRoutes.me.path).expect(200);
    await app.db.query(`UPDATE orders.staff_session SET expires_at = now() - interval '1 second' WHERE id = (SELECT id FROM orders.staff_session ORDER BY created_at DESC LIMIT 1)`);
    await as(busy).get(adminRoutes.me.path).expect(401);
  });

  it('sign out ends one session; sign out everywhere ends all of them', async () => {
    const one = await signIn();
    const two = await signIn();
    await as(one).post(adminRoutes.signOut.path).expect(200);
    await as(one).get(adminRoutes.me.path).expect(401);
    await as(two).get(adminRoutes.me.path).expect(200);
    const three = await signIn();
    await as(three).post(adminRoutes.signOutEverywhere.path).expect(200);
    await as(two).get(adminRoutes.me.path).expect(401);
    await as(manager.browser).get(adminRoutes.me.path).expect(401);
    manager.browser = await signIn();
  });
});

describe('roles', () => {
  let sales: { browser: StaffBrowser; email: string; id: string };

  it('a manager adds a sales colleague, whose setup link works like the first one', async () => {
    const email = `sam-${Date.now()}@example.com`;
    const created = staffCreateResponseSchema.validateSync((await as(manager.browser).post(adminRoutes.createStaff.path).send({ email, name: 'Sam Sales', role: 'sales' }).expect(201)).body);
    expect(created.setupLink.url).toMatch(/^https:\/\/shop\.example\.com\/admin\/setup\?token=/);
    const done = await completeSetup(tokenOf(created.setupLink.url));
    sales = { browser: done.browser, email, id: created.staff.id };
    expect(await auditRows('staff.create', email)).toEqual([
      { actor: manager.email, action: 'staff.create', target: email, outcome: 'succeeded', detail: null, before: null, after: { email, name: 'Sam Sales', role: 'sales' }, by_staff: true },
    ]);
    const again = await as(manager.browser).post(adminRoutes.createStaff.path).send({ email, name: 'Sam Again', role: 'sales' }).expect(409);
    expect(again.body.message).toBe(STAFF_MESSAGES.staffExists);
  });

  it('sales may list orders and quotes but not split payments or staff: 403, and the refusal is audited', async () => {
    await as(sales.browser).get(adminRoutes.listOrders.path).expect(200);
    await as(sales.browser).get(adminRoutes.listQuotes.path).expect(200);
    const refused = await as(sales.browser).post('/api/admin/orders/SF-100001/split-payment').send({ minimumSplitAmount: 5 }).expect(403);
    expect(refused.body.message).toBe(STAFF_MESSAGES.roleRefused('sales', 'manager'));
    await as(sales.browser).get(adminRoutes.listStaff.path).expect(403);
    await as(sales.browser).post(adminRoutes.createStaff.path).send({ email: 'x@example.com', name: 'X', role: 'manager' }).expect(403);
    const [row] = await app.db.query(`SELECT actor, outcome, detail FROM orders.admin_audit WHERE action = 'POST /api/admin/orders/:order/split-payment' AND actor = $1`, [sales.email]);
    expect(row).toEqual({ actor: sales.email, outcome: 'refused', detail: STAFF_MESSAGES.roleRefused('sales', 'manager') });
    // a manager passes the role check (the order is unknown: 404)
    await as(manager.browser).post('/api/admin/orders/SF-999999/split-payment').send({ minimumSplitAmount: 5 }).expect(404);
  });

  it('a manager disables a colleague: their session ends at once, with the values before and after audited', async () => {
    await as(manager.browser).patch(adminRoutes.updateStaff.path.replace(':staffId', sales.id)).send({ disabled: true }).expect(200);
    await as(sales.browser).get(adminRoutes.listOrders.path).expect(401);
    const [row] = await auditRows('staff.update', sales.email);
    expect(row).toMatchObject({ actor: manager.email, outcome: 'succeeded', before: { role: 'sales', disabled: false }, after: { role: 'sales', disabled: true } });
  });

  it('never leaves the business without an active manager', async () => {
    const [me] = await app.db.query(`SELECT id FROM orders.staff_member WHERE lower(email) = $1`, [manager.email]);
    const others = await app.db.query(`SELECT count(*)::int AS n FROM orders.staff_member WHERE role = 'manager' AND disabled_at IS NULL AND activated_at IS NOT NULL AND id <> $1`, [me.id]);
    if (others[0].n === 0) {
      const refused = await as(manager.browser).patch(adminRoutes.updateStaff.path.replace(':staffId', me.id)).send({ role: 'sales' }).expect(409);
      expect(refused.body.message).toBe(STAFF_MESSAGES.lastManager);
    }
  });
});

describe("the authenticator keys at rest (sealed with STAFF_TOTP_ENCRYPTION_KEY)", () => {
  const storedKeys = async (email: string) => {
    const [member] = await app.db.query(`SELECT id, totp_secret FROM orders.staff_member WHERE lower(email) = $1`, [email]);
    const links = await app.db.query(`SELECT pending_totp_secret FROM orders.staff_setup_link WHERE staff_id = $1`, [member.id]);
    return { id: member.id as string, member: member.totp_secret as string | null, links: links.map((row: { pending_totp_secret: string }) => row.pending_totp_secret) as string[] };
  };
  const signInAs = (email: string, code: string) => api().post(adminRoutes.signIn.path).send({ email, password: PASSWORD, code });
  const forgetLastStep = (id: string) => app.db.query(`UPDATE orders.staff_member SET totp_last_step = NULL WHERE id = $1`, [id]);

  it('are never stored readable: a setup link keeps its key sealed (and still shows the same one on every opening), so does the staff member', async () => {
    const email = `sealed-${Date.now()}@example.com`;
    const created = staffCreateResponseSchema.validateSync((await as(manager.browser).post(adminRoutes.createStaff.path).send({ email, name: 'Sid Sealed', role: 'sales' }).expect(201)).body);
    const token = tokenOf(created.setupLink.url);
    const first = staffSetupStartResponseSchema.validateSync((await api().post(adminRoutes.setupStart.path).send({ token }).expect(200)).body);
    const again = staffSetupStartResponseSchema.validateSync((await api().post(adminRoutes.setupStart.path).send({ token }).expect(200)).body);
    expect(again.totp.secret).toBe(first.totp.secret);
    const pending = await storedKeys(email);
    expect(pending.links).toEqual([expect.stringMatching(/^v1:[\w-]+:[\w-]+:[\w-]+$/)]);
    expect(pending.links[0]).not.toContain(first.totp.secret);

    const done = await completeSetup(token);
    expect(done.secret).toBe(first.totp.secret);
    const enrolled = await storedKeys(email);
    expect(enrolled.member).toMatch(/^v1:/);
    expect(enrolled.member).not.toContain(done.secret);
    // the manager's too, and nowhere in either table is a key in the clear
    expect((await storedKeys(manager.email)).member).toMatch(/^v1:/);
    const [{ plain }] = await app.db.query(
      `SELECT (SELECT count(*) FROM orders.staff_member WHERE totp_secret NOT LIKE 'v1:%') + (SELECT count(*) FROM orders.staff_setup_link WHERE pending_totp_secret NOT LIKE 'v1:%') AS plain`,
    );
    expect(Number(plain)).toBe(0);
    await forgetLastStep(enrolled.id);
    await signInAs(email, currentTotpCode(done.secret)).expect(200);
  });

  it('a key stored in the clear before sealing began still signs in, and the next start seals it', async () => {
    const email = `legacy-${Date.now()}@example.com`;
    const created = staffCreateResponseSchema.validateSync((await as(manager.browser).post(adminRoutes.createStaff.path).send({ email, name: 'Lee Legacy', role: 'sales' }).expect(201)).body);
    const { secret } = await completeSetup(tokenOf(created.setupLink.url));
    const { id } = await storedKeys(email);
    // as the release before this one stored them
    await app.db.query(`UPDATE orders.staff_member SET totp_secret = $2, totp_last_step = NULL WHERE id = $1`, [id, secret]);
    await app.db.query(`UPDATE orders.staff_setup_link SET pending_totp_secret = $2 WHERE staff_id = $1`, [id, secret]);
    await signInAs(email, currentTotpCode(secret)).expect(200);

    // the next start of the service (another replica starting does the same) seals both
    const restarted = await startOrdersTestApp();
    await restarted.close();
    const sealed = await storedKeys(email);
    expect(sealed.member).toMatch(/^v1:/);
    expect(sealed.links).toEqual([expect.stringMatching(/^v1:/)]);
    expect(`${sealed.member} ${sealed.links.join(' ')}`).not.toContain(secret);
    // what a start runs (StaffModule.onApplicationBootstrap) finds nothing left to seal
    const config = app.app.get<symbol, StaffConfig>(STAFF_CONFIG);
    expect(await sealPlainTotpSecrets(app.db, config.totpKeys)).toEqual({ sealed: 0, unreadable: 0 });
    await forgetLastStep(id);
    await signInAs(email, currentTotpCode(secret)).expect(200);

    // a sealed key opens only on its own row: the manager's copied here does not make this account's codes
    const managerKey = (await storedKeys(manager.email)).member;
    await app.db.query(`UPDATE orders.staff_member SET totp_secret = $2, totp_last_step = NULL WHERE id = $1`, [id, managerKey]);
    expect((await signInAs(email, currentTotpCode(manager.secret)).expect(401)).body.message).toBe(STAFF_MESSAGES.signInFailed);
    expect(await sealPlainTotpSecrets(app.db, config.totpKeys)).toEqual({ sealed: 0, unreadable: 1 });
    await app.db.query(`UPDATE orders.staff_member SET disabled_at = now() WHERE id = $1`, [id]);
  });
});

describe('the audit log', () => {
  it('is append-only: the database refuses to change or delete a recent row', async () => {
    const [row] = await app.db.query(`SELECT id FROM orders.admin_audit ORDER BY id DESC LIMIT 1`);
    await expect(app.db.query(`UPDATE orders.admin_audit SET actor = 'someone else' WHERE id = $1`, [row.id])).rejects.toThrow(/append-only/);
    await expect(app.db.query(`DELETE FROM orders.admin_audit WHERE id = $1`, [row.id])).rejects.toThrow(/append-only/);
    await expect(app.db.query(`TRUNCATE orders.admin_audit`)).rejects.toThrow(/append-only/);
  });
});
