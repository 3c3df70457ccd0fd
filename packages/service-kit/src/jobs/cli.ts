// `npm run -s jobs -- <service> dead-letters list [--json]` and
// `npm run -s jobs -- <service> dead-letters retry (--id <jobId>... | --all)`: the dead letters of a
// service's job runner (schema `<service>_jobs`). Reads DATABASE_URL, else the embedded database that
// a running `npm start` serves.
import pg from 'pg';
import PgBoss from 'pg-boss';
import { commandLineDatabaseUrl } from '../command-line-database.js';
import { redactUrl } from '../env-config.js';
import { parseJobsArgs, type JobsCommand } from './cli-args.js';
import { jobSchemaExists, listDeadLetters, retryDeadLetters, type DeadLetter, type InTransaction } from './dead-letters.js';
import { jobsSchemaOf } from './queue-settings.js';

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const err = (line: string): void => void process.stderr.write(`${line}\n`);

function poolExecutor(pool: pg.Pool | pg.PoolClient): PgBoss.Db {
  return { executeSql: async (text: string, values: unknown[]) => ({ rows: (await pool.query(text, values)).rows }) };
}

function inTransactionOf(pool: pg.Pool): InTransaction {
  return async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(poolExecutor(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}

function printDeadLetters(schema: string, letters: DeadLetter[]): void {
  if (letters.length === 0) {
    out(`No dead letters in ${schema}.`);
    return;
  }
  out(`${letters.length} dead letter(s) in ${schema}, oldest first (re-drive: dead-letters retry --id <id> or --all):`);
  for (const letter of letters) {
    out(`${letter.id}  ${letter.queue}  ${letter.deadLetteredAt.toISOString()}  ${letter.error ?? '(no error recorded)'}`);
    out(`  data ${JSON.stringify(letter.data)}`);
  }
}

async function run(command: JobsCommand, pool: pg.Pool, url: string): Promise<number> {
  const schema = jobsSchemaOf(command.service);
  if (!(await jobSchemaExists(poolExecutor(pool), schema))) {
    err(`The ${command.service} service has no jobs in this database: schema ${schema} is not there (${redactUrl(url)}). Has the service started once?`);
    return 1;
  }
  if (command.action === 'list') {
    const letters = await listDeadLetters(poolExecutor(pool), schema);
    if (command.json) out(JSON.stringify(letters, null, 2));
    else printDeadLetters(schema, letters);
    return 0;
  }
  // pg-boss writes the re-driven jobs (the queue's retry, expiry and dead-letter settings apply); no
  // maintenance, cron or migration from here: the service's own runner does those
  const boss = new PgBoss({ connectionString: url, schema, max: 1, supervise: false, schedule: false, migrate: false });
  boss.on('error', (error: Error) => err(`pg-boss: ${error.message}`));
  await boss.start();
  try {
    const { redriven, missing } = await retryDeadLetters(boss, inTransactionOf(pool), schema, 'all' in command ? undefined : command.ids);
    for (const job of redriven) {
      out(job.jobId ? `${job.deadLetterId} -> ${job.queue}: queued again as job ${job.jobId}` : `${job.deadLetterId} -> ${job.queue}: the queue already holds this job (singleton key); dead letter removed`);
    }
    for (const id of missing) err(`${id}: no such dead letter in ${schema} (re-driven already?)`);
    if ('all' in command && redriven.length === 0) out(`No dead letters in ${schema}.`);
    else out(`${redriven.length} dead letter(s) re-driven; the service's workers pick them up at their next poll.`);
    return missing.length > 0 ? 1 : 0;
  } finally {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
  }
}

async function main(): Promise<number> {
  const command = parseJobsArgs(process.argv.slice(2));
  if ('error' in command) {
    err(command.error);
    return 2;
  }
  const url = commandLineDatabaseUrl();
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5000, max: 2 });
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    err(`Cannot reach the database at ${redactUrl(url)} (${(error as Error).message}). Is \`npm start\` running, or DATABASE_URL set?`);
    await pool.end().catch(() => undefined);
    return 1;
  }
  try {
    return await run(command, pool, url);
  } catch (error) {
    err(`jobs ${command.service} dead-letters ${command.action} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await pool.end().catch(() => undefined);
  }
}

process.exitCode = await main();
