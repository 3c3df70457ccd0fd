// The checks deploy/k8s is held to (k8s-manifests.test.mjs runs them on the rendered base and
// overlays, and on broken copies to show each one can fail). Each check returns a list of problems,
// one sentence each; an empty list passes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isPooler } from './k8s-manifests-budget.mjs';
import { renderKustomization } from './kustomize-render.mjs';
import { isRemote, REMOTE_PORTS } from './k8s-manifests-remotes.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const K8S_DIR = path.join(ROOT, 'deploy/k8s');
export const KUSTOMIZATIONS = Object.freeze({ base: 'base', staging: 'overlays/staging', production: 'overlays/production' });

/** As the topology test reads it: variables whose value is a secret. */
export const SECRET_NAME = /(TOKEN|PASSWORD|SECRET|_KEY)$/;
/**
 * What a readiness probe asks: /health/ready (503 while the database is down, a migration is
 * pending or the pod drains). /health follows the database too, so it is never a liveness path.
 */
export const READINESS_PATHS = Object.freeze(['/health/ready']);
/** What a liveness probe asks: /health/live (the process turns its event loop; no dependency). */
export const LIVENESS_PATH = '/health/live';
/** Each internal caller's secret and the only Deployments that may hold it: the caller, and the services that check it. */
export const INTERNAL_SECRET_HOLDERS = Object.freeze({
  PAYMENTS_INTERNAL_SECRET: Object.freeze(['orders', 'payments']),
  FORMS_INTERNAL_SECRET: Object.freeze(['orders', 'forms']),
  ORDERS_INTERNAL_SECRET: Object.freeze(['orders', 'forms', 'payments']),
  INTERNAL_API_TOKEN: Object.freeze([]),
});
/** The services whose replica count an autoscaler owns (checkout). */
export const AUTOSCALED = Object.freeze(['orders', 'payments']);
/** Set on the Deployments and not (yet) in docker-compose.yml: the pools the connection budget counts, and migrations left to the Jobs. */
export const K8S_ONLY_ENV = Object.freeze(['DATABASE_POOL_SIZE', 'JOBS_DATABASE_POOL_SIZE', 'MIGRATIONS_AT_START']);
/**
 * Set by docker-compose.yml for its edge nginx and not compared with the manifests: compose's gateway
 * sits behind that edge (trusts its private network, reads the remotes' server files through it),
 * while on Kubernetes the overlay sets what the Gateway API data plane needs.
 */
export const COMPOSE_EDGE_ENV = Object.freeze({ gateway: Object.freeze(['TRUST_PROXY']) });

export function renderAll() {
  return Object.fromEntries(Object.entries(KUSTOMIZATIONS).map(([name, dir]) => [name, renderKustomization(path.join(K8S_DIR, dir))]));
}

export function readCompose(file = path.join(ROOT, 'docker-compose.yml')) {
  // merge: the services' shared environment comes in through a YAML anchor (<<: *service-env)
  return parse(readFileSync(file, 'utf8'), { merge: true });
}

const find = (objects, kind, name) => objects.find((object) => object.kind === kind && object.metadata?.name === name);
// the storefront's Node processes; PgBouncer (no Node, no topology port) has its checks in
// k8s-manifests-budget.mjs, the remotes (static nginx) theirs in k8s-manifests-remotes.mjs
const deploymentsOf = (objects) => objects.filter((object) => object.kind === 'Deployment' && !isPooler(object) && !isRemote(object));
const containerOf = (deployment) => deployment?.spec?.template?.spec?.containers?.find((container) => container.name === deployment.metadata.name);
const selects = (selector, labels) => Object.entries(selector ?? {}).length > 0 && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

/** Where a container's variable comes from: a value (written or from a ConfigMap), or a Secret's key. */
export function resolveEnv(objects, namespace, entry) {
  if (entry.value !== undefined) return { kind: 'value', value: String(entry.value) };
  const configRef = entry.valueFrom?.configMapKeyRef;
  if (configRef) {
    const configMap = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === configRef.name && object.metadata.namespace === namespace);
    return { kind: 'config', value: configMap?.data?.[configRef.key], missing: !configMap || configMap.data?.[configRef.key] === undefined, ref: configRef };
  }
  const secretRef = entry.valueFrom?.secretKeyRef;
  if (secretRef) return { kind: 'secret', name: secretRef.name, key: secretRef.key, optional: secretRef.optional === true };
  return { kind: 'other' };
}

function envOf(objects, deployment) {
  const container = containerOf(deployment);
  return new Map((container?.env ?? []).map((entry) => [entry.name, resolveEnv(objects, deployment.metadata.namespace, entry)]));
}

/**
 * The CRDs' schemas, by API group: the Gateway API's (Gateway, HTTPRoute) and the Prometheus
 * Operator's (ServiceMonitor, PrometheusRule), from the kubernetes-models project's packages, which
 * generate their validators from the CRDs' OpenAPI schemas (versions in package.json).
 */
export const CRD_PACKAGES = Object.freeze({
  'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
});

/** Every rendered object against the Kubernetes schemas (kubernetes-models' validate()), CRDs included. */
export async function schemaProblems(objects) {
  const problems = [];
  for (const object of objects) {
    const label = `${object.kind}/${object.metadata?.name}`;
    const apiVersion = String(object.apiVersion ?? '');
    // kubernetes-models/v1 (core), kubernetes-models/apps/v1, ...; CRDs from their group's package
    const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
    const modulePath = CRD_PACKAGES[group] ? `${CRD_PACKAGES[group]}/${apiVersion}` : `kubernetes-models/${apiVersion}`;
    let Model;
    try {
      Model = (await import(modulePath))[object.kind];
    } catch {
      Model = undefined;
    }
    if (typeof Model !== 'function') {
      problems.push(`${label}: no Kubernetes schema for ${apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(structuredClone(object)).validate();
    } catch (error) {
      problems.push(`${label}: ${error.message}`);
    }
  }
  return problems;
}

/**
 * The topology's map in the manifests: every service and the gateway deployed and nothing else,
 * container and Service ports equal to the topology's, the port variables set to them, and the
 * service URL variables named as the topology names them, pointing at the Service and its port.
 */
export function topologyProblems(objects, topology) {
  const problems = [];
  const { SERVICES, SERVICE_NAMES, GATEWAY } = topology;
  const expected = [...SERVICE_NAMES.map((name) => ({ name, port: SERVICES[name].port, portEnv: SERVICES[name].portEnv })), { name: GATEWAY.name, port: GATEWAY.port, portEnv: GATEWAY.portEnv }];
  const deployed = deploymentsOf(objects).map((deployment) => deployment.metadata.name);
  const unknown = deployed.filter((name) => !expected.some((part) => part.name === name));
  if (unknown.length > 0) problems.push(`Deployments not in packages/topology: ${unknown.join(', ')}`);
  const urlVariables = new Map(SERVICE_NAMES.map((name) => [SERVICES[name].urlEnv, `http://${name}:${SERVICES[name].port}`]));

  for (const { name, port, portEnv } of expected) {
    const deployment = find(objects, 'Deployment', name);
    const container = containerOf(deployment);
    if (!container) {
      problems.push(`${name}: no Deployment with a container named ${name}`);
      continue;
    }
    const ports = container.ports ?? [];
    if (ports.length !== 1 || ports[0].containerPort !== port) problems.push(`${name}: container ports ${ports.map((entry) => entry.containerPort).join(', ') || 'none'}, the topology's port is ${port}`);
    const env = envOf(objects, deployment);
    const portValue = env.get(portEnv);
    if (portValue?.kind !== 'value' || portValue.value !== String(port)) problems.push(`${name}: ${portEnv} must be "${port}" (the topology's port)`);
    const service = find(objects, 'Service', name);
    if (!service) {
      problems.push(`${name}: no Service`);
    } else {
      const servicePorts = service.spec?.ports ?? [];
      if (servicePorts.length !== 1 || servicePorts[0].port !== port) problems.push(`${name}: Service ports ${servicePorts.map((entry) => entry.port).join(', ') || 'none'}, the topology's port is ${port}`);
      const target = servicePorts[0]?.targetPort;
      if (!(target === port || (target !== undefined && ports.some((entry) => entry.name === target && entry.containerPort === port)))) problems.push(`${name}: the Service's targetPort ${target} is not the container's port ${port}`);
      if (!selects(service.spec?.selector, deployment.spec?.template?.metadata?.labels)) problems.push(`${name}: the Service does not select the Deployment's pods`);
    }
    for (const [variable, source] of env) {
      if (!variable.endsWith('_SERVICE_URL')) continue;
      if (!urlVariables.has(variable)) problems.push(`${name}: ${variable} is not a URL variable of packages/topology`);
      else if (source.kind !== 'value' || source.value !== urlVariables.get(variable)) problems.push(`${name}: ${variable} must be ${urlVariables.get(variable)} (the Service's name and the topology's port)`);
    }
    if (name === GATEWAY.name) {
      for (const variable of urlVariables.keys()) if (!env.has(variable)) problems.push(`gateway: ${variable} is not set (the gateway proxies to every service)`);
    }
  }
  // a remote's browser build goes to its own Service (k8s-manifests-remotes.mjs checks the rule); all else to the gateway
  const remoteBackend = (backend) => (topology.REMOTES ?? []).some((remote) => remote.folder === backend.name) && backend.port === REMOTE_PORTS.http;
  for (const route of objects.filter((object) => object.kind === 'HTTPRoute')) {
    for (const rule of route.spec?.rules ?? []) {
      for (const backend of rule.backendRefs ?? []) {
        if ((backend.name !== GATEWAY.name || backend.port !== GATEWAY.port) && !remoteBackend(backend)) problems.push(`HTTPRoute/${route.metadata.name}: sends to ${backend.name}:${backend.port}, not the gateway on ${GATEWAY.port} or a remote on ${REMOTE_PORTS.http}`);
      }
    }
  }
  if (objects.some((object) => object.kind === 'Ingress')) problems.push('an Ingress: the Gateway API (Gateway + HTTPRoute) is the way in');
  return problems;
}

/**
 * How each pod runs: no service links, non-root with a read-only root filesystem, requests and
 * limits, readiness on /health/ready, liveness on /health/live (which a database outage does not trip), a disruption
 * budget each, and checkout's autoscalers.
 */
export function podProblems(objects, { autoscaled = AUTOSCALED } = {}) {
  const problems = [];
  for (const deployment of deploymentsOf(objects)) {
    const name = deployment.metadata.name;
    const pod = deployment.spec?.template?.spec ?? {};
    if (pod.enableServiceLinks !== false) problems.push(`${name}: enableServiceLinks must be false (Kubernetes' ORDERS_PORT=tcp://... would shadow the topology's port variables)`);
    if (pod.securityContext?.runAsNonRoot !== true || !(pod.securityContext?.runAsUser > 0)) problems.push(`${name}: the pod must run as a non-root user (runAsNonRoot, runAsUser)`);
    const container = containerOf(deployment);
    if (!container) continue;
    const security = container.securityContext ?? {};
    if (security.allowPrivilegeEscalation !== false || security.readOnlyRootFilesystem !== true || !security.capabilities?.drop?.includes('ALL')) {
      problems.push(`${name}: the container needs allowPrivilegeEscalation false, readOnlyRootFilesystem true and every capability dropped`);
    }
    for (const kind of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory']) if (!container.resources?.[kind]?.[resource]) problems.push(`${name}: no ${resource} ${kind}`);
    }
    const readiness = container.readinessProbe;
    if (!READINESS_PATHS.includes(readiness?.httpGet?.path)) problems.push(`${name}: the readiness probe must ask GET ${READINESS_PATHS.join(' or ')}`);
    const liveness = container.livenessProbe;
    if (!liveness) {
      problems.push(`${name}: no liveness probe`);
    } else {
      if (liveness.httpGet?.path !== LIVENESS_PATH) problems.push(`${name}: the liveness probe must ask GET ${LIVENESS_PATH} (a dependency check there would restart every replica while the database is down)`);
      const patience = (probe) => (probe?.periodSeconds ?? 10) * (probe?.failureThreshold ?? 3);
      if (patience(liveness) <= patience(readiness)) problems.push(`${name}: liveness must wait longer than readiness before it acts`);
    }
    if (!container.startupProbe) problems.push(`${name}: no startup probe (migrations run before the port opens)`);
    const uploadDir = (container.env ?? []).find((entry) => entry.name === 'FORMS_UPLOAD_DIR')?.value;
    if (uploadDir !== undefined) {
      const mount = (container.volumeMounts ?? []).find((entry) => entry.mountPath === uploadDir);
      const volume = (pod.volumes ?? []).find((entry) => entry.name === mount?.name);
      if (!mount || mount.readOnly || !volume?.persistentVolumeClaim) problems.push(`${name}: FORMS_UPLOAD_DIR ${uploadDir} must be a writable persistent volume (the root filesystem is read-only)`);
      const claim = find(objects, 'PersistentVolumeClaim', volume?.persistentVolumeClaim?.claimName);
      if (!(deployment.spec?.replicas >= 2)) problems.push(`${name}: runs ${deployment.spec?.replicas ?? 1} replica; two or more keep uploads open through a deploy or a drain`);
      if (!claim?.spec?.accessModes?.includes('ReadWriteMany')) problems.push(`${name}: the uploads claim must be ReadWriteMany (its replicas share the files from any node)`);
    }
    const labels = deployment.spec?.template?.metadata?.labels;
    if (!selects(deployment.spec?.selector?.matchLabels, labels)) problems.push(`${name}: the Deployment's selector does not match its pods`);
    const budgets = objects.filter((object) => object.kind === 'PodDisruptionBudget' && selects(object.spec?.selector?.matchLabels, labels));
    if (budgets.length !== 1) problems.push(`${name}: ${budgets.length} PodDisruptionBudgets select its pods, not one`);
    const autoscalers = objects.filter((object) => object.kind === 'HorizontalPodAutoscaler' && object.spec?.scaleTargetRef?.kind === 'Deployment' && object.spec.scaleTargetRef.name === name);
    if (autoscaled.includes(name)) {
      const [autoscaler] = autoscalers;
      if (autoscalers.length !== 1 || autoscaler.apiVersion !== 'autoscaling/v2') problems.push(`${name}: needs one autoscaling/v2 HorizontalPodAutoscaler`);
      else {
        if (!(autoscaler.spec.minReplicas >= 2)) problems.push(`${name}: the autoscaler's minReplicas must be at least 2`);
        if (!(autoscaler.spec.maxReplicas >= autoscaler.spec.minReplicas)) problems.push(`${name}: the autoscaler's maxReplicas is below its minReplicas`);
        if (!(autoscaler.spec.metrics ?? []).some((metric) => metric.type === 'Resource' && metric.resource?.name === 'cpu')) problems.push(`${name}: the autoscaler must scale on CPU`);
      }
      if (deployment.spec?.replicas !== undefined) problems.push(`${name}: the autoscaler owns the replica count; the Deployment must not name one (each apply would reset it)`);
    } else {
      if (autoscalers.length > 0) problems.push(`${name}: has an autoscaler but is not one of ${autoscaled.join(', ')}`);
      if (!(deployment.spec?.replicas >= 1)) problems.push(`${name}: no replica count`);
    }
  }
  return problems;
}

function composeRule(value) {
  const text = String(value);
  if (/^\$\{([A-Z0-9_]+):\?[^}]*\}$/.test(text)) return { kind: 'required' };
  const withDefault = /^\$\{([A-Z0-9_]+):-([^}]*)\}$/.exec(text);
  if (withDefault) return { kind: 'default', value: withDefault[2] };
  if (/\$\{[A-Z0-9_]+:\?[^}]*\}/.test(text)) return { kind: 'required' }; // DATABASE_URL, built around POSTGRES_PASSWORD
  if (text.includes('${')) return { kind: 'unknown' };
  return { kind: 'literal', value: text };
}

/**
 * docker-compose.yml's environment, service by service: the same variables (plus `extraEnv`, per
 * Deployment); what compose requires comes from a Secret that must exist; an empty default is an
 * optional Secret (or an empty setting); a written value or a default is the same value (`defaults`
 * false: an overlay may choose its own defaults); nothing secret is ever a written value. With
 * `images`, each image is the one `docker compose build` makes (<project>-<service>).
 */
export function composeProblems(objects, compose, { defaults = true, images = true, extraEnv = {} } = {}) {
  const problems = [];
  const names = [...Object.keys(compose.services ?? {})].filter((name) => compose.services[name].build);
  for (const name of names) {
    const deployment = find(objects, 'Deployment', name);
    const container = containerOf(deployment);
    if (!container) {
      // a remote's static image has no settings to compare; its Deployment is held to the topology instead
      if (!compose.services[name].environment) continue;
      problems.push(`${name}: in docker-compose.yml but not deployed`);
      continue;
    }
    // a remote's image carries the version tag the registry names (storefront-mf-catalog:${MF_CATALOG_VERSION:-latest})
    const built = (compose.services[name].image ?? `${compose.name}-${name}`).replace(/:.*$/, '');
    if (images && container.image !== built) problems.push(`${name}: image ${container.image}, docker compose builds ${built}`);
    const wanted = compose.services[name].environment ?? {};
    const env = envOf(objects, deployment);
    const allowedExtra = [...(extraEnv[name] ?? []), ...K8S_ONLY_ENV];
    for (const variable of env.keys()) {
      if (!(variable in wanted) && !allowedExtra.includes(variable)) problems.push(`${name}: ${variable} is not in docker-compose.yml's environment for ${name}`);
    }
    for (const [variable, composeValue] of Object.entries(wanted)) {
      if (COMPOSE_EDGE_ENV[name]?.includes(variable)) continue;
      const source = env.get(variable);
      const rule = composeRule(composeValue);
      const at = `${name}: ${variable}`;
      if (!source) {
        problems.push(`${at} is missing (docker-compose.yml sets it)`);
        continue;
      }
      if (source.kind === 'config' && source.missing) problems.push(`${at} reads ConfigMap ${source.ref.name} key ${source.ref.key}, which is not rendered`);
      if (source.kind === 'secret' && source.key !== variable) problems.push(`${at} reads key ${source.key} of Secret ${source.name}; the key must be the variable's name`);
      if (SECRET_NAME.test(variable) && source.kind !== 'secret') problems.push(`${at} holds a secret: it must come from a Secret, never a written value`);
      if (rule.kind === 'unknown') problems.push(`${at}: docker-compose.yml's value ${composeValue} is not understood by this check`);
      else if (rule.kind === 'required') {
        // a required setting that is no secret (PUBLIC_SITE_URL) may be a written value, never an empty one
        if (!SECRET_NAME.test(variable) && source.kind !== 'secret') {
          if (!source.value) problems.push(`${at} is required by docker-compose.yml: it must have a value`);
        } else if (source.kind !== 'secret' || source.optional) problems.push(`${at} is required by docker-compose.yml: it must come from a Secret that is not optional`);
      } else if (rule.kind === 'default') {
        if (source.kind === 'secret') {
          if (!source.optional) problems.push(`${at} has a default in docker-compose.yml: its Secret must be optional`);
          if (rule.value !== '') problems.push(`${at} defaults to "${rule.value}" in docker-compose.yml, a Secret cannot`);
        } else if (defaults && source.value !== rule.value) problems.push(`${at} is "${source.value}", docker-compose.yml's default is "${rule.value}"`);
      } else if (source.kind === 'secret' || source.value !== rule.value) {
        problems.push(`${at} must be "${rule.value}" as in docker-compose.yml`);
      }
    }
  }
  for (const deployment of deploymentsOf(objects)) {
    if (!names.includes(deployment.metadata.name)) problems.push(`${deployment.metadata.name}: deployed but not built by docker-compose.yml`);
  }
  return problems;
}

/** An image from a registry (a host or path in its name) with a tag other than latest, or a digest. */
function pinnedImage(reference) {
  const image = /^(?<name>[^@]+?)(?::(?<tag>[^:/@]+))?(?:@(?<digest>.+))?$/.exec(reference ?? '')?.groups;
  return Boolean(image?.name.includes('/') && (image.digest || (image.tag && image.tag !== 'latest')));
}

/**
 * What an overlay must be: everything in its namespace, every container in production mode, one
 * https PUBLIC_SITE_URL, images from a registry with a pinned tag; and, with `edge`, one Gateway API
 * Gateway with TLS for PUBLIC_SITE_URL's host (plain http only redirects), HTTPRoutes for that host,
 * and a gateway that keeps the data plane's X-Forwarded-For.
 */
export function overlayProblems(objects, { namespace, publicSiteUrl, edge }) {
  const problems = [];
  for (const object of objects) if (object.metadata?.namespace !== namespace) problems.push(`${object.kind}/${object.metadata?.name}: namespace ${object.metadata?.namespace}, not ${namespace}`);
  for (const remote of objects.filter((object) => object.kind === 'Deployment' && isRemote(object))) {
    for (const container of remote.spec?.template?.spec?.containers ?? []) {
      if (!pinnedImage(container.image)) problems.push(`${remote.metadata.name}: image ${container.image} must name a registry and a pinned tag`);
    }
  }
  for (const deployment of deploymentsOf(objects)) {
    const name = deployment.metadata.name;
    const env = envOf(objects, deployment);
    if (env.get('NODE_ENV')?.value !== 'production') problems.push(`${name}: NODE_ENV is ${env.get('NODE_ENV')?.value}, not production`);
    const siteUrl = env.get('PUBLIC_SITE_URL');
    if (siteUrl && siteUrl.value !== publicSiteUrl) problems.push(`${name}: PUBLIC_SITE_URL is ${siteUrl.value}, not ${publicSiteUrl}`);
    for (const container of deployment.spec?.template?.spec?.containers ?? []) {
      if (!pinnedImage(container.image)) problems.push(`${name}: image ${container.image} must name a registry and a pinned tag`);
    }
    // production refuses to start without it, and `true` would believe any client's X-Forwarded-For
    const trustProxy = env.get('TRUST_PROXY')?.value;
    if (!trustProxy || trustProxy === 'true') problems.push(`${name}: TRUST_PROXY must name its proxies (false, a number of hops, or addresses), not ${trustProxy ?? 'unset'}`);
    // one secret per caller: only the service that signs with it and the ones that check it
    for (const [variable, holders] of Object.entries(INTERNAL_SECRET_HOLDERS)) {
      if (env.has(variable) !== holders.includes(name)) problems.push(holders.length > 0 ? `${name}: ${variable} belongs to ${[holders.slice(0, -1).join(', '), holders.at(-1)].filter(Boolean).join(' and ')} only` : `${name}: ${variable} is retired, no Deployment holds it`);
    }
    if (name === 'gateway') {
      const behindProxy = env.get('GATEWAY_BEHIND_PROXY')?.value === 'true';
      if (behindProxy !== Boolean(edge)) problems.push(`gateway: GATEWAY_BEHIND_PROXY must be "true" exactly when a Gateway is in front of it`);
    }
  }
  if (!/^https:\/\/[^/]+$/.test(publicSiteUrl)) problems.push(`PUBLIC_SITE_URL ${publicSiteUrl} must be an https origin`);
  const gateways = objects.filter((object) => object.kind === 'Gateway');
  const routes = objects.filter((object) => object.kind === 'HTTPRoute');
  if (edge) {
    const host = new URL(publicSiteUrl).host;
    if (gateways.length !== 1) problems.push(`${gateways.length} Gateways, not one`);
    for (const item of gateways) {
      if (!item.spec?.gatewayClassName) problems.push(`Gateway/${item.metadata.name}: no gatewayClassName`);
      const https = (item.spec?.listeners ?? []).filter((listener) => listener.protocol === 'HTTPS' && listener.hostname === host);
      if (!https.some((listener) => listener.tls?.mode === 'Terminate' && (listener.tls.certificateRefs ?? []).some((ref) => ref.name))) problems.push(`Gateway/${item.metadata.name}: no TLS certificate for ${host}`);
      for (const listener of item.spec?.listeners ?? []) {
        if (listener.protocol !== 'HTTP') continue;
        // plain http only ever redirects
        const served = routes.filter((route) => (route.spec?.parentRefs ?? []).some((ref) => ref.name === item.metadata.name && ref.sectionName === listener.name));
        if (served.some((route) => (route.spec?.rules ?? []).some((rule) => !(rule.filters ?? []).some((filter) => filter.type === 'RequestRedirect' && filter.requestRedirect?.scheme === 'https')))) problems.push(`Gateway/${item.metadata.name}: listener ${listener.name} serves plain http instead of redirecting to https`);
      }
    }
    for (const route of routes) if (!(route.spec?.hostnames ?? []).includes(host)) problems.push(`HTTPRoute/${route.metadata.name}: not for ${host} (PUBLIC_SITE_URL's host)`);
    if (!routes.some((route) => (route.spec?.rules ?? []).some((rule) => (rule.backendRefs ?? []).length > 0))) problems.push('no HTTPRoute sends shoppers to the gateway');
  } else if (gateways.length + routes.length > 0) {
    problems.push('a Gateway or HTTPRoute where none is expected');
  }
  return problems;
}
