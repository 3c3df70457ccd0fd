#!/usr/bin/env node
// Usage: node scripts/with-test-database.mjs <command...>
// Runs the command with DATABASE_URL pointing at a throwaway embedded PostgreSQL (temp folder, port
// TEST_PG_PORT or the next free one from 54339), always stops and deletes it, exits with the
// command's code.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, isPortFree, startEmbeddedDatabase } from './lib/embedded-database.mjs';
import { runCommand } from './lib/run-with-database.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-test-database.mjs <command...>');
  process.exit(2);
}

async function choosePort() {
  if (process.env.TEST_PG_PORT) {
    const port = Number(process.env.TEST_PG_PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`TEST_PG_PORT "${process.env.TEST_PG_PORT}" is not a port`);
    if (!(await isPortFree(port))) throw new Error(`TEST_PG_PORT ${port} is in use`);
    return port;
  }
  // Several test runs on one machine each get their own server.
  return findFreePort(54339);
}

const tempRoot = await mkdtemp(path.join(os.tmpdir(), 'storefront-test-pg-'));
let database;
let exitCode = 1;
try {
  const started = Date.now();
  database = await startEmbeddedDatabase({
    dataDir: path.join(tempRoot, 'data'),
    port: await choosePort(),
    persistent: false,
    log: (line) => console.error(line),
  });
  console.error(
    `[with-test-database] PostgreSQL on port ${database.port} ready in ${Date.now() - started} ms ` +
      `(init ${database.initMs} ms, start ${database.startMs} ms)`,
  );

  exitCode = await runCommand(command, args, { ...process.env, DATABASE_URL: database.databaseUrl }, 'with-test-database');
} catch (error) {
  console.error(`[with-test-database] ${error instanceof Error ? error.message : error}`);
} finally {
  await database?.stop();
  await rm(tempRoot, { recursive: true, force: true });
}
process.exit(exitCode);
