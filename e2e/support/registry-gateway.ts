import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REPO_ROOT } from './remote-build.js';
import { e2eStackEnv } from './stack.js';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A second gateway process in front of the e2e stack's services, reading its remotes from a
 * registry file (as production does): started once, never restarted by the test. Its pid lets a
 * test show that it did not restart.
 */
export async function startRegistryGateway(registryFile: string, cacheDir: string): Promise<{ url: string; pid: number; logs: string[]; stop(): Promise<void> }> {
  const port = await freePort();
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['services/gateway/dist/main.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...e2eStackEnv,
      PORT: String(port),
      LOG_LEVEL: 'log',
      REMOTES_REGISTRY_FILE: registryFile,
      REMOTES_CACHE_DIR: cacheDir,
      // a change is seen by the watch at once; the periodic read bounds a missed event
      REMOTES_REGISTRY_REREAD_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the registry gateway exited (${child.exitCode}): ${logs.join('')}`);
    try {
      if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the registry gateway did not answer /health within 60 s: ${logs.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid ?? -1,
    logs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
