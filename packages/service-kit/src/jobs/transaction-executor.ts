import type PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';

/** Thrown when a job is enqueued outside a transaction: use `enqueueNow` for that. */
export class NoTransactionError extends Error {
  override readonly name = 'NoTransactionError';
}

/**
 * pg-boss's `db` option over the caller's TypeORM transaction: pg-boss runs its one INSERT through
 * it, so the job commits or rolls back with the caller's own writes. The query runner's structured
 * result gives pg's rows for any command (plain `query` reshapes UPDATE/DELETE answers).
 */
export function transactionExecutor(manager: EntityManager): PgBoss.Db {
  const runner = manager.queryRunner;
  if (!runner || !runner.isTransactionActive) {
    throw new NoTransactionError('A job is enqueued inside the caller\'s transaction: pass the EntityManager of dataSource.transaction(...), or use enqueueNow');
  }
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await runner.query(text, values, true);
      return { rows: result.records ?? [] };
    },
  };
}
