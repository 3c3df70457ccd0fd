// What an operator does around a stack's services, done here the way an operator does it: the
// production database role, each service's migrate command before its replicas start, and the
// admin API key made with the back office's command line. Apart from stack.mjs because each step
// runs our own tools (psql-level SQL, dist/migrate.js, dist/backoffice/cli.js) rather than starting
// processes, and each can fall short in its own way (a gap the scenarios report).
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../lib/embedded-database.mjs';
import { randomSecret } from './stack-env.mjs';

/**
 * A production-mode stack migrates as production does: each service's migrate command once, before
 * its replicas start (they only check, MIGRATIONS_AT_START's production default).
 */
export async function migrateSchema(entry) {
  const outcome = await new Promise((resolve) => {
    execFile(process.execPath, ['dist/migrate.js', 'up'], { cwd: path.join(repoRoot, 'services', entry.service), env: entry.env, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ error, output: `${stdout}${stderr}` }),
    );
  });
  if (outcome.error) throw new Error(`${entry.service}: node dist/migrate.js up failed (${outcome.error.message}):\n${outcome.output.trim().split('\n').slice(-5).join('\n')}`);
}

/**
 * The admin API key, made as an operator makes one (`backoffice api-keys create --json`, against
 * orders' migrated database); the key is printed once and only the harness holds it. Without that
 * command (the code before API keys) the retired ADMIN_API_TOKEN is the bearer, and a gap says so.
 * Sets `stack.adminToken` (and `stack.adminKey`).
 */
export async function createAdminKey({ stack, orders, gaps, log }) {
  const cli = path.join(repoRoot, 'services', 'orders', 'dist', 'backoffice', 'cli.js');
  const name = `reliability-${randomBytes(4).toString('hex')}`;
  const outcome = await new Promise((resolve) => {
    execFile(process.execPath, [cli, 'api-keys', 'create', '--name', name, '--json'], { cwd: repoRoot, env: orders.env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ error, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
  // the key's JSON: the whole output, or its last line that is an object (log lines may precede it)
  let made = null;
  for (const candidate of [outcome.stdout.trim(), ...outcome.stdout.trim().split('\n').reverse().filter((line) => line.trim().startsWith('{'))]) {
    try {
      made = JSON.parse(candidate);
      break;
    } catch {
      // not JSON: the next candidate
    }
  }
  if (!outcome.error && made && typeof made.key === 'string' && made.key.startsWith('sfk_') && made.id) {
    stack.adminToken = made.key;
    stack.adminKey = { id: made.id, name: made.name ?? name };
    return;
  }
  stack.adminToken = stack.legacyAdminToken;
  const why = (outcome.stderr || outcome.stdout || String(outcome.error?.message ?? '')).trim().split('\n').slice(-1)[0]?.slice(0, 200);
  gaps.push(`no admin API key: \`backoffice api-keys create --json\` did not make one (${why || 'no output'}); the retired ADMIN_API_TOKEN is the bearer`);
  log(`backoffice api-keys create failed (${why}): falling back to ADMIN_API_TOKEN`);
}

/**
 * Production refuses the embedded database's default password: a role of its own with a random
 * password (not a superuser: it owns its database, which is all the migrations need) and a
 * database it owns (a new one in a `shared` PostgreSQL, else the stack's own). Sets
 * `stack.databaseRole`; answers the services' DATABASE_URL, the harness's (the superuser's, on the
 * same database, to read whatever the scenarios check) and the database made in a shared
 * PostgreSQL ('' otherwise: the stack drops it when it stops).
 */
export async function productionDatabase({ stack, adminQuery, adminUrl, shared }) {
  const suffix = randomBytes(6).toString('hex');
  const role = `reliability_${suffix}`;
  const name = shared ? `storefront_production_${suffix}` : new URL(adminUrl).pathname.slice(1);
  const password = randomSecret();
  await adminQuery(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`);
  if (shared) {
    await adminQuery(`CREATE DATABASE ${name} OWNER ${role}`);
  } else {
    await adminQuery(`ALTER DATABASE ${name} OWNER TO ${role}`);
    await adminQuery(`ALTER SCHEMA public OWNER TO ${role}`);
  }
  stack.databaseRole = role;
  const services = new URL(adminUrl);
  services.username = role;
  services.password = password;
  services.pathname = `/${name}`;
  const harness = new URL(adminUrl);
  harness.pathname = `/${name}`;
  return { servicesUrl: services.toString(), harnessUrl: harness.toString(), sharedDatabaseName: shared ? name : '' };
}
