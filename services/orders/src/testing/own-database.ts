import pg from 'pg';
import { createOwnDatabase } from '@storefront/service-kit';

export interface OwnDatabase {
  url: string;
  /** drops it (its connections cut) */
  drop(): Promise<void>;
}

/** Test-only (excluded from the build): a new database on DATABASE_URL's server, named after `prefix`. */
export async function ownDatabase(prefix: string): Promise<OwnDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');
  const url = await createOwnDatabase(prefix, base);
  return {
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A database of the suite's own, and DATABASE_URL pointing at it until `drop` (which puts the
 * server's back): for a suite whose work must not mix with the other suites' running beside it in the
 * workspace's database (it runs the e-mail queue itself; it counts per-address limits).
 */
export async function useOwnDatabase(prefix: string): Promise<OwnDatabase> {
  const base = process.env.DATABASE_URL;
  const own = await ownDatabase(prefix);
  process.env.DATABASE_URL = own.url;
  return {
    url: own.url,
    drop: async () => {
      process.env.DATABASE_URL = base;
      await own.drop();
    },
  };
}
