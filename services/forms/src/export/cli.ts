// `npm run submissions -- export --form <name> [--since <date>] [--out <file>]`: the back office's CSV
// of stored submissions. Reads DATABASE_URL, else the embedded database `npm start` runs.
import { writeFile } from 'node:fs/promises';
import { commandLineDatabaseUrl, redactUrl } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import pg from 'pg';
import { parseExportArgs } from './export-args.js';
import { uploadDir } from '../uploads/upload-store.js';
import { exportSubmissionsCsv } from './submissions-export.js';

async function main(): Promise<number> {
  const args = parseExportArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error}\n`);
    return 2;
  }
  const url = commandLineDatabaseUrl();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    process.stderr.write(
      `Cannot reach the database at ${redactUrl(url)} (${(error as Error).message}). Is \`npm start\` running, or DATABASE_URL set?\n`,
    );
    return 1;
  }
  try {
    const { csv, count } = await exportSubmissionsCsv(client, new ContentStore(), args, uploadDir());
    if (args.out) {
      await writeFile(args.out, csv);
      process.stderr.write(`${count} submission(s) of "${args.form}" written to ${args.out}\n`);
    } else {
      process.stdout.write(csv);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`Export failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}

process.exitCode = await main();
