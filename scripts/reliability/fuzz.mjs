// Property-based fuzzing of every write endpoint of the route table: payloads made by
// fast-check from each route's own yup schemas (lib/schema-arbitraries.mjs), valid ones and broken
// ones (wrong types, missing and extra fields, huge and unicode strings, odd numbers, deep nesting,
// wrong content types, invalid JSON), hostile path parameters, with and without the caller's proof.
// The property: no payload gets a 5xx or no answer, and every service is still ready afterwards.
// The figures are the HTTP answers themselves and the services' /health/ready.
// This module is the runner: it makes the world (fuzz-world.mjs), samples each endpoint's cases
// (fuzz-inputs.mjs), sends them a few at a time (raw-http.mjs), restarts what a payload crashed,
// and answers the figures.
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { writeEndpoints } from './fuzz-inputs.mjs';
import { prepareWorld } from './fuzz-world.mjs';
import { MAX_SOCKETS, sendRaw } from './raw-http.mjs';

/** The default seed; RELIABILITY_SEED replays another run's payloads. */
export const DEFAULT_SEED = 220022;
const PAYLOADS = { full: 10_000, small: 400 };
/** Modest: the fuzz shares two cores with the whole stack, and 8 keeps it near two minutes. */
const CONCURRENCY = MAX_SOCKETS;

/** Runs `tasks` (functions returning promises) `limit` at a time, in order of start. */
async function pool(tasks, limit, onDone = () => undefined) {
  const results = new Array(tasks.length);
  let next = 0;
  let done = 0;
  async function worker() {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
      done += 1;
      onDone(done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** A payload, shortened for a log line. */
function excerpt(text, length = 300) {
  if (text === undefined) return '(no body)';
  const value = Buffer.isBuffer(text) ? text.toString('utf8') : String(text);
  return value.length > length ? `${value.slice(0, length)}... (${value.length} chars)` : value;
}

/** The error a crashed process's log ends with (node prints the uncaught error's name and message). */
async function lastErrorOf(logFile) {
  try {
    const lines = (await readFile(logFile, 'utf8')).split('\n');
    const error = lines.findLast((line) => /^[A-Z][A-Za-z]*Error\b/.test(line));
    return error ?? 'no error in its log';
  } catch {
    return 'its log could not be read';
  }
}

/** Rows the fuzz's accepted writes add, counted in PostgreSQL (undefined when it cannot be read). */
async function writesInDatabase(stack) {
  try {
    const [row] = await stack.query(
      `SELECT (SELECT count(*) FROM orders.orders)::int AS orders, (SELECT count(*) FROM orders.email_outbox)::int AS "queued e-mails",
              (SELECT count(*) FROM forms.form_submission)::int AS "form submissions", (SELECT count(*) FROM orders.customer)::int AS accounts`,
    );
    return row;
  } catch {
    return undefined;
  }
}

/** Every process of the stack answers /health/ready with 200. */
export async function readyProcesses(stack) {
  const answers = await Promise.all(stack.processes.map(async (entry) => ({ entry, answer: await sendRaw(entry.url, { path: '/health/ready', timeoutMs: 5000 }) })));
  return { ready: answers.filter(({ answer }) => answer.status === 200).length, total: answers.length, down: answers.filter(({ answer }) => answer.status !== 200).map(({ entry, answer }) => `${entry.service}#${entry.index} (${answer.status || answer.error})`) };
}

/**
 * The fuzz scenario.
 *
 * @param {Awaited<ReturnType<import('./stack.mjs').startStack>>} stack
 * @param {{ size?: 'full' | 'small', log?: (line: string) => void }} [options]
 */
export async function runFuzz(stack, { size = 'full', log = () => undefined } = {}) {
  const seed = Number(process.env.RELIABILITY_SEED ?? DEFAULT_SEED);
  const total = PAYLOADS[size] ?? PAYLOADS.full;
  const only = process.env.RELIABILITY_FUZZ_ENDPOINT;
  const started = Date.now();
  const world = await prepareWorld(stack, log);
  const before = await writesInDatabase(stack);
  // each endpoint keeps its index in the route table (its seed is seed + index), also when RELIABILITY_FUZZ_ENDPOINT picks one
  let endpoints = writeEndpoints(stack, world).map((endpoint, index) => ({ ...endpoint, index }));
  if (only) endpoints = endpoints.filter((endpoint) => endpoint.name.includes(only));
  const everyWriteEndpoint = endpoints.length;
  log(`fuzz: seed ${seed} (RELIABILITY_SEED replays it), ${total} payloads over ${endpoints.length} write endpoints, ${CONCURRENCY} at a time`);

  // the payloads, spread evenly; each endpoint's from its own seed, so one endpoint replays alone
  const jobs = [];
  endpoints.forEach((endpoint, position) => {
    const count = Math.floor(total / endpoints.length) + (position < total % endpoints.length ? 1 : 0);
    const samples = fc.sample(endpoint.caseArbitrary, { seed: seed + endpoint.index, numRuns: count });
    samples.forEach((sample, caseIndex) => jobs.push({ endpoint, endpointIndex: endpoint.index, caseIndex, request: endpoint.request(sample), mutation: sample.body.payload.mutation, envelope: sample.envelope.kind }));
  });
  log(`fuzz: ${jobs.length} payloads made in ${Date.now() - started} ms`);

  // while a crashed process starts again the fuzz waits, so its payloads meet a whole stack
  let gate = Promise.resolve();
  const tasks = jobs.map((job) => async () => {
    await gate;
    const answer = await sendRaw(job.request.baseUrl, job.request);
    // a gateway answering 502, or a refused connection, is the moment to look for a dead process
    if (answer.status === 502 || answer.status <= 0) checkProcesses();
    return { job, answer };
  });
  const step = Math.max(1, Math.floor(tasks.length / 10));
  const sendStarted = Date.now();
  let answeredSoFar = 0;
  // A payload that kills a process is the worst finding: it is counted, named with the error its log
  // ends with, and the process is started again, so the rest of the fuzz (and the faults after it)
  // meets a whole stack.
  const crashes = [];
  let restarts = Promise.resolve();
  const restarting = new Set();
  function checkProcesses() {
    for (const entry of stack.processes) {
      const child = entry.child;
      if (!child || restarting.has(entry) || (child.exitCode === null && child.signalCode === null)) continue;
      restarting.add(entry);
      crashes.push({ entry, after: answeredSoFar, exit: child.signalCode ?? `code ${child.exitCode}` });
      log(`fuzz: ${entry.service}#${entry.index} exited (${child.signalCode ?? `code ${child.exitCode}`}) after ${answeredSoFar} answers; starting it again (log ${entry.logFile})`);
      restarts = restarts
        .then(() => stack.restart(entry.service, entry.index))
        .catch((error) => log(`fuzz: ${entry.service}#${entry.index} did not start again: ${error.message}`))
        .finally(() => restarting.delete(entry));
      gate = restarts;
    }
  }
  const watcher = setInterval(checkProcesses, 250);
  let results;
  try {
    results = await pool(tasks, CONCURRENCY, (done) => {
      answeredSoFar = done;
      if (done % step === 0) log(`fuzz: ${done}/${tasks.length} answered (${Math.round((Date.now() - sendStarted) / 1000)} s)`);
    });
  } finally {
    clearInterval(watcher);
    await restarts;
  }
  for (const crash of crashes) crash.reason = await lastErrorOf(crash.entry.logFile);

  const byEndpoint = new Map(endpoints.map((endpoint) => [endpoint.name, { answered: 0, ok: 0, status: new Map() }]));
  const serverErrors = [];
  const noAnswer = [];
  for (const { job, answer } of results) {
    const tally = byEndpoint.get(job.endpoint.name);
    if (answer.status > 0) tally.answered += 1;
    if (answer.status >= 200 && answer.status < 300) tally.ok += 1;
    tally.status.set(answer.status, (tally.status.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500) serverErrors.push({ job, answer });
    else if (answer.status <= 0) noAnswer.push({ job, answer });
  }
  const describeFailure = ({ job, answer }) =>
    `${job.request.method} ${excerpt(job.request.path, 120)} [case ${job.caseIndex} of RELIABILITY_SEED=${seed} RELIABILITY_FUZZ_ENDPOINT='${job.endpoint.name}', ${job.mutation}/${job.envelope}] -> ${answer.status || answer.error}: ` +
    `${excerpt(answer.text, 200)} | headers ${JSON.stringify(job.request.headers)} | body ${excerpt(job.request.body)}`;
  for (const failure of serverErrors.slice(0, 5)) log(`fuzz 5xx: ${describeFailure(failure)}`);
  for (const failure of noAnswer.slice(0, 5)) log(`fuzz no answer: ${describeFailure(failure)}`);
  if (process.env.RELIABILITY_FUZZ_DEBUG) {
    // why the payloads meant to be valid were refused: stale hints show here first
    const seen = new Set();
    for (const { job, answer } of results) {
      if (job.mutation !== 'none' || job.envelope !== 'json' || answer.status < 400 || seen.has(job.endpoint.name)) continue;
      seen.add(job.endpoint.name);
      log(`fuzz debug: ${job.endpoint.name} refused a valid payload (${answer.status}): ${excerpt(answer.text, 300)} | body ${excerpt(job.request.body, 400)}`);
    }
  }
  for (const [name, tally] of byEndpoint) log(`fuzz: ${name}: ${[...tally.status].sort((a, b) => a[0] - b[0]).map(([status, count]) => `${status}x${count}`).join(' ')}`);

  const answered = results.filter(({ answer }) => answer.status > 0).length;
  const covered = [...byEndpoint.values()].filter((tally) => tally.answered > 0).length;
  const reachingWrites = [...byEndpoint.values()].filter((tally) => tally.ok > 0).length;
  // some endpoints take nothing a fuzz can make (a verified payment, a reset link, a file upload);
  // the small run has about eleven payloads an endpoint, so it asks less
  const reachingFloor = Math.ceil(everyWriteEndpoint / (size === 'small' ? 3 : 2));
  const health = await readyProcesses(stack);
  // what the accepted payloads left behind (the faults scenario runs after the fuzz on the same stack)
  const after = await writesInDatabase(stack);
  if (before && after) log(`fuzz: left ${Object.entries(after).map(([name, count]) => `${count - before[name]} ${name}`).join(', ')} in PostgreSQL`);
  const seconds = Math.round((Date.now() - started) / 1000);
  log(`fuzz: done in ${seconds} s`);
  const firstFailure = serverErrors[0] ?? noAnswer[0];
  return {
    seed,
    seconds,
    rows: [
      { figure: `fuzz: payloads answered (seed ${seed})`, measured: answered, expected: `= ${total}`, ok: answered === total },
      { figure: 'fuzz: write endpoints of the route table answered', measured: `${covered}/${everyWriteEndpoint}`, expected: 'all', ok: covered === everyWriteEndpoint && everyWriteEndpoint > 0 },
      {
        figure: 'fuzz: write endpoints that took some payload (2xx)',
        measured: reachingWrites,
        // a fuzz refused at the door everywhere (tokens, sessions, hints gone stale) tests nothing
        expected: `>= ${reachingFloor}`,
        ok: reachingWrites >= reachingFloor,
      },
      { figure: 'fuzz: answers 5xx', measured: serverErrors.length, expected: '= 0', ok: serverErrors.length === 0, ...(firstFailure ? { detail: describeFailure(firstFailure) } : {}) },
      { figure: 'fuzz: no answer (connection errors, timeouts)', measured: noAnswer.length, expected: '= 0', ok: noAnswer.length === 0 },
      {
        figure: 'fuzz: processes that crashed (restarted)',
        measured: crashes.length,
        expected: '= 0',
        ok: crashes.length === 0,
        ...(crashes.length ? { detail: crashes.map((crash) => `${crash.entry.service}#${crash.entry.index} (${crash.exit}) after ${crash.after} answers: ${crash.reason}`).join('; ') } : {}),
      },
      { figure: 'fuzz: processes ready afterwards', measured: `${health.ready}/${health.total}`, expected: 'all', ok: health.ready === health.total, ...(health.down.length ? { detail: health.down.join(', ') } : {}) },
    ],
  };
}
