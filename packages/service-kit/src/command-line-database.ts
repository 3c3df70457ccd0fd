import { EMBEDDED_DATABASE } from '@storefront/topology';

/**
 * The database a command-line tool (`npm run submissions`, `npm run jobs`) works on: DATABASE_URL,
 * else the embedded PostgreSQL that a running `npm start` serves (its EMBEDDED_PG_* settings).
 */
export function commandLineDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  if (env.DATABASE_URL?.trim()) return env.DATABASE_URL.trim();
  const user = encodeURIComponent(env.EMBEDDED_PG_USER || 'postgres');
  const password = encodeURIComponent(env.EMBEDDED_PG_PASSWORD || 'password');
  const port = env[EMBEDDED_DATABASE.portEnv] || EMBEDDED_DATABASE.port;
  return `postgres://${user}:${password}@127.0.0.1:${port}/${env.EMBEDDED_PG_DATABASE || 'storefront'}`;
}
