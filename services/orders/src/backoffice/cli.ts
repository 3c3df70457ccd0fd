// `npm run -s backoffice -- <command>`: the business's back office for quotes, orders and e-mail
// quote create | link | list, order list | split, email dead-letters | resend, and
// the admin API's keys and audit: api-keys create | list | revoke, audit list. Works on
// the orders schema of DATABASE_URL, else
// of the embedded database that a running `npm start` serves. Usage: --help.
import 'reflect-metadata';
import { Logger, type LoggerService } from '@nestjs/common';
import { JobRunner, commandLineDatabaseUrl, createServiceLogger, redactUrl, schemaDataSource } from '@storefront/service-kit';
import { AUDIT_LOG_CONTEXT } from '../admin/audit/admin-audit.js';
import { ContentStore } from '@storefront/site-config';
import type { DataSource } from 'typeorm';
import { readEmailConfig } from '../email/index.js';
import { ORDERS_JOBS_SCHEMA, ordersJobsSettings, type OrdersJobs } from '../email/index.js';
import { EmailOutbox } from '../email/index.js';
import { EmailSettings } from '../email/index.js';
import { QuoteEmails } from '../email/index.js';
import { ORDERS_DATABASE } from '../orders-database.js';
import { parseBackofficeArgs, readQuoteFile } from './backoffice-args.js';
import { runBackoffice, type BackofficeIo } from './backoffice.js';
import { createEmailCommands } from './email-commands.js';
import type { QuoteLinkMailer } from '../quotes/index.js';
import { createQuoteCommands } from './quote-commands.js';

const io: BackofficeIo = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
  env: process.env,
};

// stdout is the commands' JSON: the e-mail code's log lines go to stderr, warnings and errors only;
// the audit's lines go there whole, the same JSON line (event admin.audit) the service writes
const auditLogger = createServiceLogger('orders-backoffice', ['fatal', 'error', 'warn', 'log'], { stderr: true });
const quiet = () => undefined;
const toStderr =
  (level: 'log' | 'warn' | 'error' | 'fatal', otherwise: (message: unknown) => void) =>
  (message: unknown, ...params: unknown[]) =>
    params.at(-1) === AUDIT_LOG_CONTEXT ? auditLogger[level](message, ...params) : otherwise(message);
const plain = (level: string) => (message: unknown) => void process.stderr.write(`${level}: ${String(message)}\n`);
Logger.overrideLogger({
  log: toStderr('log', quiet),
  debug: quiet,
  verbose: quiet,
  warn: toStderr('warn', plain('warning')),
  error: toStderr('error', plain('error')),
  fatal: toStderr('fatal', plain('error')),
} satisfies LoggerService);

/**
 * The e-mail outbox on the orders job runner (pg-boss in orders_jobs, no workers here: the service
 * delivers), started only when a command queues e-mail (`--send`, `email resend`). The queues are
 * declared with this environment's settings, like the service does at start.
 */
function ordersOutbox(db: DataSource, url: string) {
  let opened: Promise<EmailOutbox> | undefined;
  let runner: JobRunner<OrdersJobs> | undefined;
  const outbox = (): Promise<EmailOutbox> =>
    (opened ??= (async () => {
      runner = new JobRunner<OrdersJobs>(ORDERS_JOBS_SCHEMA, { ...ordersJobsSettings(readEmailConfig()), workersEnabled: false }, url, db);
      await runner.onModuleInit();
      return new EmailOutbox(db, runner);
    })());
  const quoteMailer = async (): Promise<QuoteLinkMailer> => new QuoteEmails(new EmailSettings(new ContentStore()), await outbox());
  return { outbox, quoteMailer, close: async () => runner?.stop() };
}

async function main(): Promise<number> {
  const args = parseBackofficeArgs(process.argv.slice(2));
  if ('help' in args) {
    io.out(args.help);
    return 0;
  }
  if ('error' in args) {
    io.err(args.error);
    return 2;
  }
  // the quote file is an argument (exit 2), checked before anything else
  if (args.command === 'quote create') {
    const file = readQuoteFile(args.file);
    if ('error' in file) {
      io.err(file.error);
      return 2;
    }
  }
  const url = commandLineDatabaseUrl();
  const db = schemaDataSource(ORDERS_DATABASE.schema, { url, entities: ORDERS_DATABASE.entities, migrations: ORDERS_DATABASE.migrations });
  try {
    await db.initialize();
  } catch (error) {
    io.err(`Cannot reach the database at ${redactUrl(url)} (${(error as Error).message}). Is \`npm start\` running, or DATABASE_URL set?`);
    return 1;
  }
  const mailer = ordersOutbox(db, url);
  try {
    // the orders service migrates its schema when it starts; the back office never does
    const [{ present }] = (await db.query('SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2) AS present', [
      ORDERS_DATABASE.schema,
      'migrations',
    ])) as [{ present: boolean }];
    if (!present || (await db.showMigrations())) {
      io.err(`The orders schema at ${redactUrl(url)} is missing or not up to date: start the orders service once (\`npm start\`) so that it migrates it.`);
      return 1;
    }
    return await runBackoffice(args, db, createQuoteCommands(db, mailer.quoteMailer), io, createEmailCommands(db, mailer.outbox));
  } finally {
    await mailer.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
  }
}

process.exitCode = await main();
