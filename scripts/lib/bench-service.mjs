// One process of the repository's build started beside the bench stack (`node services/<name>/dist/main.js`),
// for sections that need a second gateway or service with other settings: the metrics section's pairs
// of gateways, the scale section's content service on a 10× catalog.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Starts `services/<name>/dist/main.js` on `port` (in `portEnv`: PORT for the gateway, CONTENT_PORT, ...) with the bench's environment plus `env`, and
 * resolves once `readyPath` answers 2xx (within `readyWithinMs`): its URL, pid and a stop function.
 * Its request logs go nowhere, as the bench stack's do.
 */
export async function startBuiltService(root, name, { port, portEnv = 'PORT', env = {}, readyPath = '/health/ready', readyWithinMs = 120_000 }) {
  const child = spawn(process.execPath, [path.join(root, 'services', name, 'dist', 'main.js')], {
    cwd: root,
    env: { ...process.env, ...env, [portEnv]: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + readyWithinMs;
  while (!(await fetch(url + readyPath).then((response) => response.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${name} on ${url} ${child.exitCode !== null ? `exited (${child.exitCode})` : `was not ready in ${readyWithinMs / 1000} s`}`);
    }
    await sleep(250);
  }
  return { url, pid: child.pid, stop };
}
