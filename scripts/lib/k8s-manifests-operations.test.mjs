// What operators run on (k8s-manifests-budget, -migrations, -monitoring, -network .mjs) on each rendered
// overlay, and on broken copies so each check can fail: the connection budget (printed), the
// migration Jobs, monitoring against the metrics the code registers, and the NetworkPolicies.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectionBudget, describeBudget, parsePgbouncerIni } from './k8s-manifests-budget.mjs';
import { renderAll, ROOT } from './k8s-manifests.mjs';
import { metricsInCode, monitoringProblems } from './k8s-manifests-monitoring.mjs';
import { networkProblems } from './k8s-manifests-network.mjs';
import * as topology from '@storefront/topology';
import { migrationProblems } from './k8s-manifests-migrations.mjs';

const rendered = renderAll();
const find = (objects, kind, name) => objects.find((object) => object.kind === kind && object.metadata.name === name);
function broken(objects, change) {
  const copy = structuredClone(objects);
  change(copy);
  return copy;
}
const setEnv = (deployment, variable, value) => {
  const entry = deployment.spec.template.spec.containers[0].env.find((item) => item.name === variable);
  assert.ok(entry, `${deployment.metadata.name} sets ${variable}`);
  entry.value = value;
};
const iniOf = (objects) => find(objects, 'ConfigMap', 'storefront-pgbouncer');

describe('the connection budget', () => {
  for (const overlay of ['staging', 'production']) {
    it(`${overlay}: the services' pools at their maximum fit PgBouncer, and PgBouncer fits PostgreSQL`, (t) => {
      const budget = connectionBudget(rendered[overlay]);
      t.diagnostic(`${overlay} connection budget:\n${describeBudget(budget)}`);
      assert.deepEqual(budget.problems, []);
      // every database service is counted, each with its pools
      assert.deepEqual(budget.services.map((service) => service.name).sort(), ['content', 'forms', 'orders', 'payments']);
      assert.ok(budget.services.every((service) => service.database > 0));
      assert.ok(budget.services.filter((service) => service.jobs > 0).map((service) => service.name).sort().join() === 'forms,orders,payments');
    });
  }

  it('production: orders and payments count at their autoscalers\' maximum', () => {
    const budget = connectionBudget(rendered.production);
    const orders = budget.services.find((service) => service.name === 'orders');
    assert.equal(orders.replicas, find(rendered.production, 'HorizontalPodAutoscaler', 'orders').spec.maxReplicas);
    assert.equal(orders.connections, orders.replicas * (orders.database + orders.jobs));
  });

  it('fails when the services may open more clients than PgBouncer accepts', () => {
    const raised = broken(rendered.production, (objects) => (find(objects, 'HorizontalPodAutoscaler', 'orders').spec.maxReplicas = 30));
    assert.match(connectionBudget(raised).problems.join('\n'), /above its max_client_conn/);
    const larger = broken(rendered.production, (objects) => setEnv(find(objects, 'Deployment', 'payments'), 'JOBS_DATABASE_POOL_SIZE', '40'));
    assert.match(connectionBudget(larger).problems.join('\n'), /above its max_client_conn/);
  });

  it("fails when PgBouncer's server connections, the Jobs and headroom pass PostgreSQL's max_connections", () => {
    const more = broken(rendered.production, (objects) => (find(objects, 'Deployment', 'pgbouncer').spec.replicas = 5));
    assert.match(connectionBudget(more).problems.join('\n'), /above max_connections 100/);
    const lower = broken(rendered.production, (objects) => (iniOf(objects).data['postgresql-max-connections'] = '40'));
    assert.match(connectionBudget(lower).problems.join('\n'), /above max_connections 40/);
  });

  it('fails when PgBouncer is missing or not set for transaction pooling with prepared statements', () => {
    const gone = rendered.production.filter((object) => object.metadata.name !== 'pgbouncer');
    assert.match(connectionBudget(gone).problems.join('\n'), /no PgBouncer/);
    const session = broken(rendered.production, (objects) => {
      const configMap = iniOf(objects);
      configMap.data['pgbouncer.ini'] = configMap.data['pgbouncer.ini'].replace('pool_mode = transaction', 'pool_mode = session').replace(/max_prepared_statements = \d+/, 'max_prepared_statements = 0');
    });
    const problems = connectionBudget(session).problems.join('\n');
    assert.match(problems, /pool_mode is session/);
    assert.match(problems, /max_prepared_statements/);
  });

  it("reads pgbouncer.ini's [pgbouncer] section only", () => {
    assert.deepEqual(parsePgbouncerIni('[databases]\nmax_client_conn = 1\n[pgbouncer]\n; a comment\nmax_client_conn = 400\nserver_reset_query =\npool_mode = transaction\n'), {
      max_client_conn: 400,
      server_reset_query: '',
      pool_mode: 'transaction',
    });
  });
});

describe('migrations as Jobs', () => {
  for (const overlay of ['staging', 'production']) {
    it(`${overlay}: a Job per database service in its image, and the Deployments only check at start`, () => {
      assert.deepEqual(migrationProblems(rendered[overlay]), []);
      assert.equal(rendered[overlay].filter((object) => object.kind === 'Job').length, 4);
    });
  }

  it('fails when a Job is missing, runs another image or command, or a Deployment migrates at start', () => {
    const without = rendered.production.filter((object) => object.metadata.name !== 'migrate-orders');
    assert.match(migrationProblems(without).join('\n'), /orders: no Job migrate-orders/);
    const stale = broken(rendered.production, (objects) => (find(objects, 'Job', 'migrate-payments').spec.template.spec.containers[0].image = 'registry.example.com/storefront/payments:0.0.9'));
    assert.match(migrationProblems(stale).join('\n'), /migrate-payments: image .*0\.0\.9/);
    const command = broken(rendered.production, (objects) => (find(objects, 'Job', 'migrate-forms').spec.template.spec.containers[0].command = ['node', 'dist/main.js']));
    assert.match(migrationProblems(command).join('\n'), /migrate-forms: must run node dist\/migrate.js up/);
    const atStart = broken(rendered.production, (objects) => setEnv(find(objects, 'Deployment', 'content'), 'MIGRATIONS_AT_START', 'run'));
    assert.match(migrationProblems(atStart).join('\n'), /content: MIGRATIONS_AT_START must be "check"/);
  });
});

describe('monitoring', () => {
  const known = metricsInCode(ROOT);
  const alerts = (objects) => find(objects, 'PrometheusRule', 'storefront').spec.groups.flatMap((group) => group.rules.map((rule) => rule.alert));

  it('finds the metrics the code registers', () => {
    for (const metric of ['storefront_http_requests_total', 'storefront_http_request_duration_seconds', 'storefront_job_dead_letters', 'storefront_email_outbox_oldest_queued_seconds', 'storefront_payments_reconciliation_lag_seconds']) assert.ok(known.has(metric), metric);
  });

  for (const overlay of ['staging', 'production']) {
    it(`${overlay}: a ServiceMonitor per service with the token, and alerts on metrics that exist`, () => {
      assert.deepEqual(monitoringProblems(rendered[overlay], known), []);
      assert.deepEqual(alerts(rendered[overlay]).sort(), ['StorefrontDeadLetters', 'StorefrontEmailQueueStalled', 'StorefrontHighErrorRate', 'StorefrontReconciliationLagging', 'StorefrontSlowResponses']);
    });
  }

  it('fails on an alert over a metric no code registers, a missing monitor or one without the token', () => {
    const renamed = broken(rendered.production, (objects) => (find(objects, 'PrometheusRule', 'storefront').spec.groups[0].rules[0].expr = 'rate(http_requests_total[5m]) + rate(storefront_http_errors_total[5m]) > 0'));
    assert.match(monitoringProblems(renamed, known).join('\n'), /reads storefront_http_errors_total, which no code registers/);
    const unmonitored = rendered.production.filter((object) => !(object.kind === 'ServiceMonitor' && object.metadata.name === 'forms'));
    assert.match(monitoringProblems(unmonitored, known).join('\n'), /forms: no ServiceMonitor/);
    const open = broken(rendered.production, (objects) => delete find(objects, 'ServiceMonitor', 'orders').spec.endpoints[0].authorization);
    assert.match(monitoringProblems(open, known).join('\n'), /ServiceMonitor\/orders: must send the bearer token/);
  });
});

describe('NetworkPolicies', () => {
  for (const overlay of ['staging', 'production']) {
    it(`${overlay}: default deny, and each service lets in exactly its callers`, () => {
      assert.deepEqual(networkProblems(rendered[overlay], topology), []);
    });
  }

  it('fails on an extra caller, a missing one, a caller not let out, or no default deny', () => {
    const policy = (objects, name) => find(objects, 'NetworkPolicy', name);
    const extra = broken(rendered.production, (objects) => policy(objects, 'payments').spec.ingress[0].from.push({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'content' } } }));
    assert.match(networkProblems(extra, topology).join('\n'), /payments: NetworkPolicies let in content, gateway, orders on 4104; its callers \(PAYMENTS_SERVICE_URL\) are gateway, orders/);
    const missing = broken(rendered.production, (objects) => (policy(objects, 'orders').spec.ingress[0].from = policy(objects, 'orders').spec.ingress[0].from.slice(0, 1)));
    assert.match(networkProblems(missing, topology).join('\n'), /orders: NetworkPolicies let in gateway on 4103/);
    const stuck = broken(rendered.production, (objects) => (policy(objects, 'forms').spec.egress = policy(objects, 'forms').spec.egress.filter((rule) => !JSON.stringify(rule).includes('"orders"'))));
    assert.match(networkProblems(stuck, topology).join('\n'), /forms: no NetworkPolicy lets it out to orders:4103/);
    assert.match(networkProblems(rendered.production.filter((object) => object.metadata.name !== 'default-deny'), topology).join('\n'), /no default-deny/);
  });
});
