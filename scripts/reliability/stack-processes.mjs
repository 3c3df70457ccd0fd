// The stack's process launcher: each service replica and the gateway as a child process of the
// harness (`node services/<name>/dist/main.js`, as `npm start` runs it) with its output in a log of
// its own, when one counts as ready, and stopping them. stack.mjs decides what runs with which
// environment; this module only starts, watches and stops, so the two can be read apart.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/embedded-database.mjs';

export const READY_TIMEOUT_MS = 90_000;
/** A service given SIGTERM drains (SHUTDOWN_GRACE_MS) and closes by itself within 30 s; killed only past that. */
export const STOP_TIMEOUT_MS = 35_000;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process has ended (or was never started). */
export function exited(child) {
  return !child || child.exitCode !== null || child.signalCode !== null;
}

export function waitForExit(child, ms) {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Stacks of this process not yet stopped: a SIGINT or SIGTERM to the harness stops them before it exits. */
const runningStacks = new Set();
let signalsHandled = false;

/**
 * Registers `stack` to be stopped when the harness is interrupted: Node's own handling of those signals
 * exits without the 'exit' event, which would leave the services and PostgreSQL running on the
 * harness's ports. Bounded: whatever has not stopped in 45 s is killed by the 'exit' handler.
 */
export function stopOnSignal(stack) {
  if (!signalsHandled) {
    signalsHandled = true;
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, () => {
        const stops = [...runningStacks].map((running) => running.stop().catch(() => undefined));
        const bound = new Promise((resolve) => setTimeout(resolve, 45_000).unref());
        void Promise.race([Promise.all(stops), bound]).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
      });
    }
  }
  runningStacks.add(stack);
}

/** A stack stopping by itself no longer needs stopping on a signal. */
export function forgetOnSignal(stack) {
  runningStacks.delete(stack);
}

/** SIGTERM to one process (it drains), SIGKILL past STOP_TIMEOUT_MS, saying so. */
export async function terminate(entry, log) {
  entry.child.kill('SIGTERM');
  if (!(await waitForExit(entry.child, STOP_TIMEOUT_MS))) {
    log(`${entry.service}#${entry.index} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killed`);
    entry.child.kill('SIGKILL');
    await waitForExit(entry.child, 5000);
  }
}

/**
 * Starting and waiting for the processes of one stack. `isStopping` says whether the stack is being
 * stopped (nothing is started again then); `gaps` and `stack.metricsBearer` are written when the
 * processes' /metrics turns out to take the retired token (the code before METRICS_TOKEN).
 *
 * @param {{ stack: { processes: any[], metricsToken: string, internalToken: string, metricsBearer: string }, gaps: string[], log: (line: string) => void, isStopping: () => boolean }} context
 */
export function createLauncher({ stack, gaps, log, isStopping }) {
  function spawnProcess(entry) {
    // a scenario cut off by the run's bound may still try to restart what it killed: never after stop
    if (isStopping()) throw new Error(`the stack is stopped: ${entry.service}#${entry.index} is not started again`);
    entry.expectedExit = false;
    const fd = openSync(entry.logFile, 'a');
    try {
      entry.child = spawn(process.execPath, [path.join(repoRoot, 'services', entry.service, 'dist', 'main.js')], {
        cwd: repoRoot,
        env: entry.env,
        stdio: ['ignore', fd, fd],
      });
    } finally {
      closeSync(fd);
    }
    entry.child.on('exit', (code, signal) => {
      if (!isStopping() && !entry.expectedExit) log(`${entry.service}#${entry.index} exited (${signal ?? `code ${code}`}); log: ${entry.logFile}`);
    });
  }

  async function readiness(entry) {
    try {
      const response = await fetch(`${entry.url}/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (response.status !== 200) return `HTTP ${response.status}`;
      // ready, and ours: a process of another stack on this port (a race for a free port) has another token
      const scrape = async (bearer) => {
        const metrics = await fetch(`${entry.url}/metrics`, { headers: { authorization: `Bearer ${bearer}` }, signal: AbortSignal.timeout(2000) });
        await metrics.arrayBuffer();
        return metrics.status === 200;
      };
      if (await scrape(stack.metricsToken)) {
        stack.metricsBearer ||= stack.metricsToken;
        return 'up';
      }
      // the code before METRICS_TOKEN guards /metrics with INTERNAL_API_TOKEN
      if (await scrape(stack.internalToken)) {
        if (stack.metricsBearer !== stack.internalToken) {
          stack.metricsBearer = stack.internalToken;
          gaps.push('/metrics does not answer METRICS_TOKEN (it still takes INTERNAL_API_TOKEN)');
          log('/metrics refused METRICS_TOKEN and answered INTERNAL_API_TOKEN: the code before the scrape credential');
        }
        return 'up';
      }
      return `another process answers on port ${entry.port} (/metrics refused this stack's tokens)`;
    } catch (error) {
      return error?.cause?.code ?? error?.name ?? 'no answer';
    }
  }

  async function waitUntilReady(entries) {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const pending = new Set(entries);
    const last = new Map();
    const restarts = new Map();
    while (pending.size > 0) {
      for (const entry of pending) {
        if (!exited(entry.child)) continue;
        const how = entry.child.signalCode ?? `code ${entry.child.exitCode}`;
        // Replicas starting together on a fresh database can fail once (seen: pg-boss's queue
        // creation deadlocking between two payments replicas); an orchestrator starts such a
        // replica again, and so does the harness, once, saying so.
        if (stack.processes.filter((other) => other.service === entry.service).length > 1 && (restarts.get(entry) ?? 0) < 1) {
          restarts.set(entry, (restarts.get(entry) ?? 0) + 1);
          log(`${entry.service}#${entry.index} exited during start-up (${how}; log ${entry.logFile}): started again, as an orchestrator would`);
          spawnProcess(entry);
          continue;
        }
        throw new Error(`${entry.service}#${entry.index} exited during start-up (${how}); log: ${entry.logFile}`);
      }
      if (Date.now() > deadline) {
        const names = [...pending].map((entry) => `${entry.service}#${entry.index} (${last.get(entry) ?? 'no answer'}; log ${entry.logFile})`);
        throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s: ${names.join(', ')}`);
      }
      await Promise.all(
        [...pending].map(async (entry) => {
          const status = await readiness(entry);
          last.set(entry, status);
          if (status === 'up') pending.delete(entry);
        }),
      );
      if (pending.size > 0) await sleep(250);
    }
  }

  return { spawnProcess, waitUntilReady };
}
