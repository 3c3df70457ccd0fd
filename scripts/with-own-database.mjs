#!/usr/bin/env node
// Usage (a workspace's test:integration): node ../../scripts/with-own-database.mjs <command...>
// Runs the command with DATABASE_URL pointing at a new database on DATABASE_URL's server, named after
// the workspace, and drops it afterwards. Each workspace's integration suites then own their schemas
// and pg-boss queues, so `npm run test:integration` runs two workspaces side by side on one server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const [command, ...args] = process.argv.slice(2);
const base = process.env.DATABASE_URL;
if (!command || !base) {
  console.error('Usage: DATABASE_URL=<server> node scripts/with-own-database.mjs <command...> (npm run test:integration sets DATABASE_URL)');
  process.exit(2);
}

const name = `it_${path.basename(process.cwd()).replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}`;
async function onServer(sql) {
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await onServer(`CREATE DATABASE "${name}"`);
const url = new URL(base);
url.pathname = `/${name}`;

const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url.toString() } });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
const exitCode = await new Promise((resolve) => {
  child.on('error', (error) => {
    console.error(`[with-own-database] cannot run ${command}: ${error.message}`);
    resolve(127);
  });
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
// a suite's leftover connections must not keep the database (and a developer's server) cluttered
await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((error) => console.error(`[with-own-database] could not drop ${name}: ${error.message}`));
process.exit(exitCode);
