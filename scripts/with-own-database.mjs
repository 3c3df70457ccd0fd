#!/usr/bin/env node
// Usage (a workspace's test:integration): node ../../scripts/with-own-database.mjs <command...>
// Runs the command with DATABASE_URL pointing at a new database on DATABASE_URL's server, named after
// the workspace, and drops it afterwards. Each workspace's integration suites then own their schemas
// and pg-boss queues, so `npm run test:integration` runs two workspaces side by side on one server.
import path from 'node:path';
import { quoteName, runCommand, withClient } from './lib/run-with-database.mjs';

const [command, ...args] = process.argv.slice(2);
const base = process.env.DATABASE_URL;
if (!command || !base) {
  console.error('Usage: DATABASE_URL=<server> node scripts/with-own-database.mjs <command...> (npm run test:integration sets DATABASE_URL)');
  process.exit(2);
}

const name = `it_${path.basename(process.cwd()).replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}`;
await withClient(base, (client) => client.query(`CREATE DATABASE ${quoteName(name)}`));
const url = new URL(base);
url.pathname = `/${name}`;

const exitCode = await runCommand(command, args, { ...process.env, DATABASE_URL: url.toString() }, 'with-own-database');
// a suite's leftover connections must not keep the database (and a developer's server) cluttered
await withClient(base, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteName(name)} WITH (FORCE)`)).catch((error) =>
  console.error(`[with-own-database] could not drop ${name}: ${error.message}`),
);
process.exit(exitCode);
