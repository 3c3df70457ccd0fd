// Migrations as a Job (k8s-manifests-operations.test.mjs runs this on each overlay and broken copies):
// every Deployment with a database has a Job running `node dist/migrate.js up` in the same image,
// straight to PostgreSQL through MIGRATIONS_DATABASE_URL from a Secret, and only checks at start.
import { isPooler } from './k8s-manifests-budget.mjs';

export const MIGRATE_COMMAND = Object.freeze(['node', 'dist/migrate.js', 'up']);

export function migrationProblems(objects) {
  const problems = [];
  const jobs = objects.filter((object) => object.kind === 'Job');
  for (const deployment of objects.filter((object) => object.kind === 'Deployment' && !isPooler(object))) {
    const name = deployment.metadata.name;
    const container = deployment.spec?.template?.spec?.containers?.find((entry) => entry.name === name);
    if (!container?.env?.some((entry) => entry.name === 'DATABASE_URL')) continue;
    const atStart = container.env.find((entry) => entry.name === 'MIGRATIONS_AT_START')?.value;
    if (atStart !== 'check') problems.push(`${name}: MIGRATIONS_AT_START must be "check" (its Job migrates before the rollout), not ${atStart ?? 'unset'}`);
    const job = jobs.find((item) => item.metadata.name === `migrate-${name}`);
    const jobContainer = job?.spec?.template?.spec?.containers?.[0];
    if (!jobContainer) {
      problems.push(`${name}: no Job migrate-${name}`);
      continue;
    }
    if (jobContainer.image !== container.image) problems.push(`migrate-${name}: image ${jobContainer.image}, the Deployment runs ${container.image}`);
    if (JSON.stringify(jobContainer.command) !== JSON.stringify(MIGRATE_COMMAND)) problems.push(`migrate-${name}: must run ${MIGRATE_COMMAND.join(' ')}`);
    const direct = jobContainer.env?.find((entry) => entry.name === 'MIGRATIONS_DATABASE_URL');
    if (!direct?.valueFrom?.secretKeyRef) problems.push(`migrate-${name}: MIGRATIONS_DATABASE_URL must come from a Secret (PostgreSQL itself, not PgBouncer)`);
    if (job.spec?.template?.spec?.restartPolicy !== 'Never' || !(job.spec?.activeDeadlineSeconds > 0)) problems.push(`migrate-${name}: restartPolicy Never and a bounded activeDeadlineSeconds`);
    const security = jobContainer.securityContext ?? {};
    if (job.spec?.template?.spec?.securityContext?.runAsNonRoot !== true || security.readOnlyRootFilesystem !== true || security.allowPrivilegeEscalation !== false) problems.push(`migrate-${name}: must run as non-root on a read-only root filesystem`);
  }
  return problems;
}
