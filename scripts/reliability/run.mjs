#!/usr/bin/env node
// `npm run test:reliability`: one stack, then the scenarios in order (checkouts, forged
// requests, fuzzing, faults), one table of figures next to what they should be, and the wall time.
// Exits 1 when any figure is off or the run passes its bound (10 minutes; --small: 180 s: it starts a production-mode stack too), at which
// point the stack is stopped whatever is still running.
//
//   node scripts/reliability/run.mjs [--small] [--markdown] [--only=checkouts,forged,...] [--keep-files] [--bound=<seconds>]
//
// --bound replaces the run's bound (to measure each part on a machine too busy for it; the verdict
// on the wall time is then against that bound).
//
// The services must be built (`npx turbo run build`; the npm script does it first).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { allOk, formatMarkdown, formatText } from './report.mjs';
import { DEFAULT_PORTS, startStack } from './stack.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Replicas behind the gateway for the whole run: the checkouts' figures must hold with two orders
 * and two payments processes and no sticky sessions (the gateway balances over comma-separated
 * ORDERS_SERVICE_URL / PAYMENTS_SERVICE_URL). RELIABILITY_REPLICAS=1 runs one of each, for a try.
 */
const REPLICA_COUNT = Number(process.env.RELIABILITY_REPLICAS ?? 2);
if (REPLICA_COUNT !== 1 && REPLICA_COUNT !== 2) throw new Error(`RELIABILITY_REPLICAS must be 1 or 2 (got "${process.env.RELIABILITY_REPLICAS}")`);
export const REPLICAS = Object.freeze({ orders: REPLICA_COUNT, payments: REPLICA_COUNT });

/**
 * The scenarios, in the order they run; each module exports `run<Name>(stack, { size, log, defer })`
 * answering `{ rows }`, plus `settle()` for rows it can read only later (with `defer`).
 */
export const SCENARIOS = Object.freeze([
  { name: 'checkouts', file: 'checkouts.mjs', exported: 'runCheckouts' },
  { name: 'forged', file: 'forged.mjs', exported: 'runForged' },
  { name: 'fuzz', file: 'fuzz.mjs', exported: 'runFuzz' },
  { name: 'faults', file: 'faults.mjs', exported: 'runFaults' },
]);

export const BOUNDS_MS = Object.freeze({ full: 10 * 60_000, small: 180_000 });

/**
 * The forged scenario runs against a production-mode stack too (NODE_ENV=production, every
 * production setting satisfied): one replica of each service, its own ports next to the run's
 * stack's, its own database and role in the run's PostgreSQL. It starts with the forged scenario
 * (while the forged requests run against the run's stack) and stops once that scenario is done.
 */
export const PRODUCTION_STACK = Object.freeze({
  replicas: Object.freeze({ orders: 1, payments: 1 }),
  ports: Object.freeze({
    gateway: Number(process.env.RELIABILITY_PRODUCTION_GATEWAY_PORT ?? DEFAULT_PORTS.gateway + 1),
    serviceBase: Number(process.env.RELIABILITY_PRODUCTION_SERVICE_PORT_BASE ?? DEFAULT_PORTS.serviceBase + 50),
    smtp: Number(process.env.RELIABILITY_PRODUCTION_SMTP_PORT ?? DEFAULT_PORTS.smtp + 1),
  }),
});

/**
 * Runs the harness once and answers its sections (scenario + rows) and wall time. `deadline`
 * passes → the stack is stopped, what finished is reported, and a failed bound row is added.
 *
 * @param {{ size?: 'full' | 'small', only?: string[], log?: (line: string) => void, keepFiles?: boolean, boundMs?: number,
 *           replicas?: { orders: 1 | 2, payments: 1 | 2 }, env?: Record<string, string> }} [options]
 */
export async function runReliability(options = {}) {
  const size = options.size ?? 'full';
  const log = options.log ?? ((line) => console.error(`[reliability] ${line}`));
  const bound = options.boundMs ?? BOUNDS_MS[size];
  const started = Date.now();
  /** @type {{ scenario: string, rows: { figure: string, measured: number | string, expected: string, ok: boolean }[] }[]} */
  const sections = [];
  let stack;
  /** the production-mode stack of the forged scenario (a promise: it starts beside the checkouts) */
  let productionStack;
  /** the scenario under way (named in the table when the bound cuts it off) */
  let running;
  let timedOut = false;
  let timer;
  const overtime = new Promise((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      resolve('timeout');
    }, bound);
  });

  const stopProductionStack = async (keepFiles = false) => {
    const started = await productionStack;
    productionStack = undefined;
    if (started && !(started instanceof Error)) await started.stop({ keepFiles }).catch((error) => log(`the production stack did not stop cleanly: ${error.message}`));
  };

  const work = (async () => {
    // the scenarios' modules first: one may name what it needs from every service (`*_STACK_ENV`,
    // e.g. the faults' short retry delays), and the one stack is started with all of it
    const modules = new Map();
    const stackEnv = {};
    for (const scenario of SCENARIOS) {
      if (options.only && !options.only.includes(scenario.name)) continue;
      const file = path.join(here, scenario.file);
      if (!existsSync(file)) continue;
      try {
        const module = await import(pathToFileURL(file).href);
        modules.set(scenario.name, module);
        for (const [name, value] of Object.entries(module)) if (/(^|_)STACK_ENV$/.test(name)) Object.assign(stackEnv, value);
      } catch (error) {
        modules.set(scenario.name, error);
      }
    }
    stack = await startStack({ replicas: options.replicas ?? REPLICAS, env: { ...stackEnv, ...options.env }, log: (line) => log(`stack: ${line}`) });
    /**
     * Figures a scenario left to settle (`settle()`: the checkouts' e-mails, which drain for minutes)
     * are read while the next scenarios run, and before the faults, which stop SMTP and PostgreSQL.
     */
    const unsettled = [];
    const settle = async () => {
      for (const { section, settle: read, name } of unsettled.splice(0)) {
        running = `${name} (settling)`;
        try {
          section.rows.push(...(await read()));
        } catch (error) {
          section.rows.push({ figure: `${name}: figures read after the others`, measured: `threw: ${error instanceof Error ? error.message : error}`, expected: 'no error', ok: false });
        }
      }
    };
    for (const scenario of SCENARIOS) {
      if (options.only && !options.only.includes(scenario.name)) continue;
      if (timedOut) return;
      if (scenario.name === 'faults') await settle();
      if (!modules.has(scenario.name)) {
        sections.push({ scenario: scenario.name, rows: [{ figure: `${scenario.file} (not yet written)`, measured: 'not yet', expected: 'the scenario runs', ok: false }] });
        continue;
      }
      const scenarioStarted = Date.now();
      running = scenario.name;
      if (scenario.name === 'forged' && modules.get('forged') && !(modules.get('forged') instanceof Error)) {
        // started now, not beside the checkouts (its start-up would take the CPU their figures are
        // measured with); it comes up while the forged requests run against the development stack.
        // Settles to the stack or to the Error it failed with (the forged scenario reports either).
        productionStack = startStack({
          mode: 'production',
          sharedDatabase: stack,
          replicas: PRODUCTION_STACK.replicas,
          ports: PRODUCTION_STACK.ports,
          env: options.env,
          log: (line) => log(`production stack: ${line}`),
        }).then(
          (started) => started,
          (error) => error,
        );
      }
      log(`${scenario.name}: started`);
      try {
        const module = modules.get(scenario.name);
        if (module instanceof Error) throw module;
        const run = module[scenario.exported];
        if (typeof run !== 'function') throw new Error(`${scenario.file} exports no ${scenario.exported}`);
        const result = await run(stack, { size, defer: true, productionStack, log: (line) => log(`${scenario.name}: ${line}`) });
        const section = { scenario: scenario.name, rows: [...result.rows] };
        sections.push(section);
        if (typeof result.settle === 'function') unsettled.push({ section, settle: result.settle, name: scenario.name });
      } catch (error) {
        log(`${scenario.name} failed: ${error instanceof Error ? error.stack : error}`);
        sections.push({ scenario: scenario.name, rows: [{ figure: `${scenario.name} ran to the end`, measured: `threw: ${error instanceof Error ? error.message : error}`, expected: 'no error', ok: false }] });
      }
      if (scenario.name === 'forged') await stopProductionStack();
      log(`${scenario.name}: ${((Date.now() - scenarioStarted) / 1000).toFixed(1)} s`);
      running = undefined;
    }
    if (!timedOut) await settle();
    running = undefined;
  })();

  let failedToStart;
  const outcome = await Promise.race([work.then(() => 'done', (error) => ((failedToStart = error), 'failed')), overtime]);
  clearTimeout(timer);
  if (outcome === 'failed') {
    sections.push({ scenario: 'stack', rows: [{ figure: 'the stack started', measured: `no: ${failedToStart instanceof Error ? failedToStart.message : failedToStart}`, expected: 'yes', ok: false }] });
  }
  if (outcome === 'timeout') {
    log(`the ${bound / 1000} s bound passed: stopping the stack`);
    if (running) sections.push({ scenario: running, rows: [{ figure: `${running} finished within the run's bound`, measured: 'cut off', expected: `done by ${bound / 1000} s`, ok: false }] });
  }
  // a scenario cut off by the bound goes on failing against the stopped stack: its rows no longer count
  const reported = [...sections];
  const anyFailed = !allOk(reported) || outcome !== 'done';
  await stopProductionStack(options.keepFiles || anyFailed);
  await stack?.stop({ keepFiles: options.keepFiles || anyFailed }).catch((error) => log(`the stack did not stop cleanly: ${error.message}`));
  const wallMs = Date.now() - started;
  reported.push({
    scenario: 'run',
    rows: [
      {
        figure: `wall time (one stack, every scenario, start to stop; ${size})`,
        measured: `${(wallMs / 1000).toFixed(1)} s`,
        expected: `≤ ${bound / 1000} s`,
        ok: !timedOut && wallMs <= bound,
      },
    ],
  });
  return { sections: reported, wallMs, ok: allOk(reported) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const usage = 'Usage: node scripts/reliability/run.mjs [--small] [--markdown] [--only=checkouts,forged,fuzz,faults] [--keep-files] [--bound=<seconds>]';
  const unknown = args.filter((arg) => !['--small', '--markdown', '--keep-files'].includes(arg) && !arg.startsWith('--only=') && !arg.startsWith('--bound='));
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown[0]}. ${usage}`);
    process.exit(2);
  }
  const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
  const boundArg = args.find((arg) => arg.startsWith('--bound='))?.slice('--bound='.length);
  const boundSeconds = boundArg === undefined ? undefined : Number(boundArg);
  if (boundSeconds !== undefined && !(Number.isInteger(boundSeconds) && boundSeconds > 0)) {
    console.error(`--bound must be a whole number of seconds above 0 (got "${boundArg}"). ${usage}`);
    process.exit(2);
  }
  const result = await runReliability({ size: args.includes('--small') ? 'small' : 'full', only, keepFiles: args.includes('--keep-files'), boundMs: boundSeconds && boundSeconds * 1000 });
  console.log(formatText(result.sections));
  if (args.includes('--markdown')) console.log(`\n${formatMarkdown(result.sections)}`);
  console.log(`\n${result.ok ? 'every figure as it should be' : 'FAILED: a figure is not what it should be'} (${(result.wallMs / 1000).toFixed(1)} s)`);
  // a scenario may leave a handle open (a keep-alive socket): the verdict is in
  process.exit(result.ok ? 0 : 1);
}
