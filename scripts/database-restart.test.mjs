// A service keeps running through a PostgreSQL restart: /health says 503 while the database is away
// and 200 again once it is back, and database-backed API calls work again without restarting the
// service. Real parts: the built content service as its own process, a real embedded PostgreSQL.
// Run by `npm run test:integration` (after the services are built).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { findFreePort, repoRoot, startEmbeddedDatabase } from './lib/embedded-database.mjs';

const credentials = { user: 'postgres', password: 'password', database: 'storefront' };
let dataDir;
let databasePort;
let database;
let service;
let baseUrl;

async function eventually(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await check().catch((error) => error);
    if (last === true) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`${what} (last: ${last instanceof Error ? last.message : last})`);
}

const healthStatus = () => fetch(`${baseUrl}/health`).then((response) => response.status);

before(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'storefront-restart-'));
  databasePort = await findFreePort(54400);
  database = await startEmbeddedDatabase({ dataDir, port: databasePort, ...credentials, fresh: true });
  const port = await findFreePort(4600);
  baseUrl = `http://127.0.0.1:${port}`;
  service = spawn(process.execPath, [path.join(repoRoot, 'services/content/dist/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: database.databaseUrl, CONTENT_PORT: String(port), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await eventually(async () => (await healthStatus()) === 200, 'the content service did not become healthy');
});

after(async () => {
  if (service && service.exitCode === null) {
    const exited = new Promise((resolve) => service.once('exit', resolve));
    service.kill('SIGTERM');
    await exited;
  }
  await database?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('the content service rides out a PostgreSQL restart', async () => {
  const summary = await fetch(`${baseUrl}/api/reviews/summary`);
  assert.equal(summary.status, 200);
  const before = await summary.json();

  await database.stop();
  await eventually(async () => (await healthStatus()) === 503, '/health did not report the database as down');
  const down = await (await fetch(`${baseUrl}/health`)).json();
  assert.equal(down.database, 'down');
  assert.equal(service.exitCode, null, 'the service must keep running while the database is away');

  database = await startEmbeddedDatabase({ dataDir, port: databasePort, ...credentials });
  await eventually(async () => (await healthStatus()) === 200, '/health did not recover after PostgreSQL came back');
  const again = await fetch(`${baseUrl}/api/reviews/summary`);
  assert.equal(again.status, 200);
  assert.deepEqual(await again.json(), before);
});
