import { startEmbeddedDatabase } from './lib/embedded-database.mjs';
import pg from 'pg';
const db = await startEmbeddedDatabase({ dataDir: '/work/main/.data/bench-postgres', port: 54359, log: () => {} });
const c = new pg.Client(db.databaseUrl); await c.connect();
try {
  if (process.argv[2] === 'on') {
    for (const s of [`ALTER SYSTEM SET logging_collector = on`, `ALTER SYSTEM SET log_directory = '/tmp/pglog'`, `ALTER SYSTEM SET log_statement = 'all'`, `ALTER SYSTEM SET log_line_prefix = '%m [%p] %a '`]) await c.query(s);
  } else await c.query('ALTER SYSTEM RESET ALL');
} finally { await c.end(); await db.stop(); }
