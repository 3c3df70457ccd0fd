// What the scripts that run a command against a database share: a short-lived connection to the
// server, and running the command itself (its own stdio, signals passed on, its exit code kept).
import { spawn } from 'node:child_process';
import pg from 'pg';

/**
 * Opens one connection (a URL or pg's connection options), runs `work` with it, always closes it.
 * @template T
 * @param {string | import('pg').ClientConfig} connection
 * @param {(client: import('pg').Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withClient(connection, work) {
  const client = new pg.Client({ connectionTimeoutMillis: 10_000, ...(typeof connection === 'string' ? { connectionString: connection } : connection) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A database name quoted for SQL. */
export const quoteName = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * Runs `command args` with `env`, passing SIGINT and SIGTERM on; resolves to its exit code (1 when a
 * signal ended it, 127 when it could not start).
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {string} label the script's name, for the message when the command cannot start
 * @returns {Promise<number>}
 */
export function runCommand(command, args, env, label) {
  const child = spawn(command, args, { stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`[${label}] cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
