// `npm run -s backoffice -- <command>`: the business's back office for quotes and orders (issue 19):
// quote create | link | list, order list | split. Works on the orders schema of DATABASE_URL, else
// of the embedded database that a running `npm start` serves. Usage: --help.
import 'reflect-metadata';
import { commandLineDatabaseUrl, redactUrl, schemaDataSource } from '@storefront/service-kit';
import { ORDERS_DATABASE } from '../orders-database.js';
import { parseBackofficeArgs, readQuoteFile } from './backoffice-args.js';
import { runBackoffice, type BackofficeIo } from './backoffice.js';
import { createQuoteCommands } from './quote-commands.js';

const io: BackofficeIo = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
  env: process.env,
};

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
    return await runBackoffice(args, db, createQuoteCommands(db), io);
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

process.exitCode = await main();
