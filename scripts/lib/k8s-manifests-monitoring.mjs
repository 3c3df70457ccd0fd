// Monitoring held to the code (k8s-manifests-operations.test.mjs runs it on each overlay and broken
// copies): a ServiceMonitor per service, scraping a port its Service has with the metrics token,
// and every metric a PrometheusRule names registered by the code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isPooler } from './k8s-manifests-budget.mjs';
import { isRemote } from './k8s-manifests-remotes.mjs';

/** Where metrics are registered: service-kit and the services' sources (tests excluded). */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every storefront_ metric name written in the code, and the process metrics prom-client adds under the prefix. */
export function metricsInCode(root) {
  const dirs = [path.join(root, 'packages/service-kit/src'), ...readdirSync(path.join(root, 'services')).map((name) => path.join(root, 'services', name, 'src'))];
  const names = new Set();
  for (const file of dirs.flatMap((dir) => { try { return sourceFiles(dir); } catch { return []; } })) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'(storefront_[a-z0-9_]+)'/g)) names.add(match[1]);
  }
  return names;
}

/** The metric names an expression reads (a histogram's _bucket/_sum/_count as its own name). */
export function metricsInExpression(expr) {
  return [...new Set([...String(expr).matchAll(/\b(storefront_[a-z0-9_]+)/g)].map((match) => match[1]))];
}

export function monitoringProblems(objects, known) {
  const problems = [];
  const monitors = objects.filter((object) => object.kind === 'ServiceMonitor');
  // the remotes are static nginx: no /metrics
  for (const deployment of objects.filter((object) => object.kind === 'Deployment' && !isPooler(object) && !isRemote(object))) {
    const name = deployment.metadata.name;
    const service = objects.find((object) => object.kind === 'Service' && object.metadata.name === name);
    const monitor = monitors.find((item) => Object.entries(item.spec?.selector?.matchLabels ?? {}).every(([key, value]) => service?.metadata?.labels?.[key] === value) && Object.keys(item.spec?.selector?.matchLabels ?? {}).length > 0);
    if (!monitor) {
      problems.push(`${name}: no ServiceMonitor selects its Service`);
      continue;
    }
    for (const endpoint of monitor.spec.endpoints ?? []) {
      if (!(service.spec?.ports ?? []).some((port) => port.name === endpoint.port)) problems.push(`ServiceMonitor/${monitor.metadata.name}: port ${endpoint.port} is not a port of Service ${name}`);
      if (endpoint.path !== '/metrics') problems.push(`ServiceMonitor/${monitor.metadata.name}: path ${endpoint.path}, not /metrics`);
      const credentials = endpoint.authorization?.credentials;
      if (endpoint.authorization?.type !== 'Bearer' || credentials?.name !== 'storefront-metrics' || credentials?.key !== 'METRICS_TOKEN') problems.push(`ServiceMonitor/${monitor.metadata.name}: must send the bearer token from Secret storefront-metrics key METRICS_TOKEN`);
    }
  }
  const histogramBase = (metric) => metric.replace(/_(bucket|sum|count)$/, '');
  for (const rule of objects.filter((object) => object.kind === 'PrometheusRule')) {
    for (const group of rule.spec?.groups ?? []) {
      for (const item of group.rules ?? []) {
        const names = metricsInExpression(item.expr);
        if (names.length === 0) problems.push(`PrometheusRule/${rule.metadata.name}: ${item.alert ?? item.record} reads no storefront_ metric`);
        for (const metric of names) if (!known.has(metric) && !known.has(histogramBase(metric))) problems.push(`PrometheusRule/${rule.metadata.name}: ${item.alert ?? item.record} reads ${metric}, which no code registers`);
      }
    }
  }
  return problems;
}
