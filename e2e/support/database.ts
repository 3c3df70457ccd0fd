import pg from 'pg';
import { E2E_DATABASE_URL } from './stack.js';

/** Runs one query against the stack's database: e2e tests check what was really stored. */
export async function queryDatabase<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
