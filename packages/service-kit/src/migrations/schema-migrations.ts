import { type DataSource, MigrationExecutor } from 'typeorm';

/** One migration of a schema, by TypeORM's name (class name) and timestamp (the number it ends with). */
export interface MigrationEntry {
  name: string;
  timestamp: number;
}

/** What a schema has applied and what this release would still run. */
export interface MigrationStatus {
  /** applied, oldest first; `known: false` for one this release does not have (a newer release ran it) */
  applied: (MigrationEntry & { known: boolean })[];
  /** this release's migrations not applied yet, in the order `up` runs them */
  pending: MigrationEntry[];
}

const entry = ({ name, timestamp }: { name: string; timestamp: number }): MigrationEntry => ({ name, timestamp: Number(timestamp) });

/**
 * The schema's applied and pending migrations, read without creating anything (a schema or a
 * migrations table that does not exist yet means nothing applied), so a check may run on a
 * connection that may not change the schema.
 */
export async function migrationStatus(dataSource: DataSource): Promise<MigrationStatus> {
  const executor = new MigrationExecutor(dataSource);
  // in the order they ran (the table's id), which is the order revert-last undoes them in
  const executed = (await executor.getExecutedMigrations()).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  const pending = (await executor.getPendingMigrations()).map(entry);
  const known = new Set(dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name));
  return { applied: executed.map((migration) => ({ ...entry(migration), known: known.has(migration.name) })), pending };
}

/**
 * Runs `work` on one connection of `dataSource` in one transaction, without the pool's
 * statement_timeout (building an index on a large table may take minutes) but with its lock_timeout
 * (an ALTER waiting behind live traffic would queue every request behind it: it fails instead).
 */
async function unbounded<T>(dataSource: DataSource, work: (executor: MigrationExecutor) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SET statement_timeout = 0');
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'all';
    return await work(executor);
  } finally {
    // back to the connection's own setting before the pool hands it to a request
    await runner.query('RESET statement_timeout').catch(() => undefined);
    await runner.release();
  }
}

/** Runs the pending migrations (all or none: one transaction); returns the ones it ran, in order. */
export async function runPendingMigrations(dataSource: DataSource): Promise<MigrationEntry[]> {
  return (await unbounded(dataSource, (executor) => executor.executePendingMigrations())).map(entry);
}

/**
 * Reverts the newest applied migration (its `down`, in one transaction) and returns it; undefined
 * when none is applied. One this release does not have cannot be reverted: the error names it.
 */
export async function revertLastMigration(dataSource: DataSource): Promise<MigrationEntry | undefined> {
  const { applied } = await migrationStatus(dataSource);
  const newest = applied.at(-1);
  if (!newest) return undefined;
  if (!newest.known) {
    throw new Error(`The newest applied migration, ${newest.name}, is not in this release: revert it with the release that added it`);
  }
  await unbounded(dataSource, (executor) => executor.undoLastMigration());
  return { name: newest.name, timestamp: newest.timestamp };
}
