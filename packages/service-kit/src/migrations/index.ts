export {
  MIGRATIONS_AT_START_VARIABLE,
  MIGRATIONS_DATABASE_URL_VARIABLE,
  migrationsAtStart,
  readMigrationsAtStart,
  readMigrationsDatabaseUrl,
  type MigrationsAtStart,
} from './migration-settings.js';
export { migrationStatus, revertLastMigration, runPendingMigrations, type MigrationEntry, type MigrationStatus } from './schema-migrations.js';
export {
  MIGRATE_USAGE,
  formatMigrationStatus,
  migrateMain,
  parseMigrateArgs,
  runMigrateCommand,
  type MigrateCommand,
  type MigrateIo,
  type ServiceMigrations,
} from './migrate-command.js';
export { migrationsRoundTrip, schemaSnapshot, type MigrationsRoundTrip } from './round-trip.js';
