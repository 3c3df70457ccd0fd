// The connection budget deploy/k8s is held to: at every autoscaler's maximum, the services' pools
// fit what PgBouncer accepts, and PgBouncer's server connections, the migration Jobs and headroom
// fit PostgreSQL's max_connections. k8s-manifests.test.mjs runs it on each overlay and on broken copies.

/** The pooler's Deployment is told apart from the services by this label. */
export const POOLER_COMPONENT = 'database-pooler';
/** service-kit's defaults when a Deployment does not set its pool sizes (database.ts, jobs/queue-settings.ts). */
export const DEFAULT_POOLS = Object.freeze({ DATABASE_POOL_SIZE: 10, JOBS_DATABASE_POOL_SIZE: 4 });
/** Connections a migration Job holds at once: the migration's own and the advisory lock's. */
export const CONNECTIONS_PER_MIGRATION_JOB = 2;
/** PostgreSQL connections kept free: superuser_reserved_connections (3) and an operator's psql sessions. */
export const POSTGRES_HEADROOM = 10;

export const isPooler = (deployment) => deployment?.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] === POOLER_COMPONENT;

/** pgbouncer.ini's [pgbouncer] settings as numbers or strings. */
export function parsePgbouncerIni(text) {
  const settings = {};
  let section = '';
  for (const raw of String(text).split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const pair = /^([a-z_]+)\s*=\s*(.*)$/.exec(line);
    if (pair && section === 'pgbouncer') settings[pair[1]] = /^\d+$/.test(pair[2]) ? Number(pair[2]) : pair[2];
  }
  return settings;
}

const envValue = (container, variable) => container?.env?.find((entry) => entry.name === variable)?.value;

/**
 * The budget's figures and its problems. Each service Deployment that has DATABASE_URL counts at
 * its largest replica count (its autoscaler's maxReplicas, else its replicas) times its two pools
 * (JOBS_DATABASE_POOL_SIZE only where it runs a job runner, i.e. sets it). PgBouncer may give every
 * client to one replica, so the clients must fit one replica's max_client_conn.
 */
export function connectionBudget(objects) {
  const problems = [];
  const deployments = objects.filter((object) => object.kind === 'Deployment');
  const pooler = deployments.find(isPooler);
  const configMap = objects.find((object) => object.kind === 'ConfigMap' && object.data?.['pgbouncer.ini'] !== undefined);
  if (!pooler || !configMap) return { problems: ['no PgBouncer: a Deployment labelled app.kubernetes.io/component=database-pooler and a ConfigMap with pgbouncer.ini'] };
  const ini = parsePgbouncerIni(configMap.data['pgbouncer.ini']);
  const maxConnections = Number(configMap.data['postgresql-max-connections'] ?? 100);
  if (ini.pool_mode !== 'transaction') problems.push(`PgBouncer: pool_mode is ${ini.pool_mode}, not transaction`);
  if (!(ini.max_prepared_statements > 0)) problems.push('PgBouncer: max_prepared_statements must be above 0 (the services prepare statements)');
  for (const key of ['default_pool_size', 'max_client_conn', 'max_db_connections']) if (!(ini[key] > 0)) problems.push(`PgBouncer: ${key} must be set`);
  if (ini.server_reset_query === undefined || ini.server_reset_query !== '') problems.push('PgBouncer: server_reset_query must be empty in transaction mode');

  const services = [];
  for (const deployment of deployments) {
    if (deployment === pooler) continue;
    const name = deployment.metadata.name;
    const container = deployment.spec?.template?.spec?.containers?.find((entry) => entry.name === name);
    if (!container?.env?.some((entry) => entry.name === 'DATABASE_URL')) continue;
    const autoscaler = objects.find((object) => object.kind === 'HorizontalPodAutoscaler' && object.spec?.scaleTargetRef?.name === name);
    const replicas = autoscaler?.spec?.maxReplicas ?? deployment.spec?.replicas ?? 1;
    const database = Number(envValue(container, 'DATABASE_POOL_SIZE') ?? DEFAULT_POOLS.DATABASE_POOL_SIZE);
    const jobsValue = envValue(container, 'JOBS_DATABASE_POOL_SIZE');
    const jobs = jobsValue === undefined ? 0 : Number(jobsValue);
    services.push({ name, replicas, database, jobs, connections: replicas * (database + jobs) });
  }
  const clients = services.reduce((sum, service) => sum + service.connections, 0);
  const poolerReplicas = pooler.spec?.replicas ?? 1;
  // one database/user pair: max_db_connections caps it, default_pool_size fills it
  const perPooler = Math.min(ini.default_pool_size + (ini.reserve_pool_size ?? 0), ini.max_db_connections ?? Infinity);
  const server = poolerReplicas * perPooler;
  const jobs = objects.filter((object) => object.kind === 'Job').length * CONNECTIONS_PER_MIGRATION_JOB;
  const postgres = server + jobs + POSTGRES_HEADROOM;
  if (clients > ini.max_client_conn) problems.push(`the services may open ${clients} connections to PgBouncer, above its max_client_conn ${ini.max_client_conn}`);
  if (postgres > maxConnections) problems.push(`PgBouncer (${server}), the migration Jobs (${jobs}) and headroom (${POSTGRES_HEADROOM}) need ${postgres} PostgreSQL connections, above max_connections ${maxConnections}`);
  return { problems, services, clients, maxClientConn: ini.max_client_conn, poolerReplicas, perPooler, server, jobs, headroom: POSTGRES_HEADROOM, postgres, maxConnections };
}

/** The budget in words, for the test's output. */
export function describeBudget(budget) {
  const lines = budget.services.map((service) => `  ${service.name}: ${service.replicas} × (${service.database} + ${service.jobs}) = ${service.connections}`);
  return [
    ...lines,
    `  clients → PgBouncer: ${budget.clients} of max_client_conn ${budget.maxClientConn}`,
    `  PgBouncer → PostgreSQL: ${budget.poolerReplicas} × ${budget.perPooler} = ${budget.server}, + Jobs ${budget.jobs} + headroom ${budget.headroom} = ${budget.postgres} of max_connections ${budget.maxConnections}`,
  ].join('\n');
}
