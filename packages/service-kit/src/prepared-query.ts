import { createHash } from 'node:crypto';
import { QueryFailedError, type EntityManager } from 'typeorm';

/** The part of a node-postgres client this uses. */
interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** Statement texts (per shape) a connection keeps prepared; past this, statements are sent unnamed. */
export const PREPARED_SHAPES_MAX = 200;
const namesByText = new Map<string, string>();

/**
 * `manager.query(text, params)` as a named prepared statement on the transaction's own connection:
 * PostgreSQL parses and plans a statement once per connection instead of on every call. The name is
 * the text's hash, so one name is always one text; the number of shapes is bounded
 * (PREPARED_SHAPES_MAX), and a shape seen after that runs unnamed. Needs a manager with a query
 * runner (inside `dataSource.transaction`); anything else runs through `manager.query`.
 */
export async function preparedQuery<T = Record<string, unknown>>(manager: EntityManager, text: string, params: unknown[]): Promise<T[]> {
  const runner = manager.queryRunner as (typeof manager.queryRunner & { connect(): Promise<PgClient> }) | undefined;
  let name = namesByText.get(text);
  if (name === undefined && namesByText.size < PREPARED_SHAPES_MAX) {
    name = `sf_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    namesByText.set(text, name);
  }
  if (!runner || runner.isReleased || name === undefined) return (await manager.query(text, params)) as T[];
  const client = await runner.connect();
  // logged as manager.query logs it (TypeORM's logger, with the query runner), failures included
  const logger = manager.connection.logger;
  logger.logQuery(text, params, runner);
  try {
    return (await client.query({ name, text, values: params })).rows as T[];
  } catch (error) {
    logger.logQueryError(error as Error, text, params, runner);
    // what manager.query throws, so callers read a failure the same way
    throw new QueryFailedError(text, params, error as Error);
  }
}
