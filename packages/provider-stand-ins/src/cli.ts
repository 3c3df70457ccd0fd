#!/usr/bin/env node
import type { StandInServer } from './http.js';

/**
 * Starts every provider stand-in on loopback for an e2e stack and prints one JSON line with their
 * URLs ({"stripe":"http://127.0.0.1:…",…}); stops on SIGTERM/SIGINT. Ports from
 * STAND_IN_<PROVIDER>_PORT (0 or unset: a free port).
 */
const STAND_INS: { name: string; start(port: number): Promise<StandInServer> }[] = [
  // one line per provider: { name: 'stripe', start: (port) => startStripeStandIn({ port }) },
];

async function main(): Promise<void> {
  const started = await Promise.all(
    STAND_INS.map(async ({ name, start }) => ({ name, server: await start(Number(process.env[`STAND_IN_${name.toUpperCase()}_PORT`] ?? 0)) })),
  );
  process.stdout.write(`${JSON.stringify(Object.fromEntries(started.map(({ name, server }) => [name, server.url])))}\n`);
  const stop = () => void Promise.all(started.map(({ server }) => server.close())).finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
