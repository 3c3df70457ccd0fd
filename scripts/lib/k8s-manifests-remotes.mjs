// The remotes held to packages/topology's REMOTES (k8s-manifests-remotes.test.mjs runs it on the
// rendered base and overlays, and on broken copies): each remote a Deployment in its own image
// (nginx-unprivileged: uid 101, read-only root, /tmp an emptyDir), a Service with :8080 (browser
// build) and :8081 (server bundle), a disruption budget, its registry entry pointing at that Service,
// :8081 reachable from the gateway only and, behind the Gateway API (`edge`), /remotes/<folder>/
// routed to :8080 and let in from the same data plane as the gateway.
export const REMOTE_COMPONENT = 'micro-frontend';
export const REMOTE_PORTS = Object.freeze({ http: 8080, server: 8081 });
export const REMOTE_USER = 101;
export const REGISTRY_CONFIGMAP = 'storefront-remotes';
const NAME = 'app.kubernetes.io/name';

export const isRemote = (deployment) => deployment?.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] === REMOTE_COMPONENT;

/** A label selector (matchLabels and In/NotIn/Exists expressions) against a pod's labels; an empty one selects every pod. */
export function selectorMatches(selector, labels = {}) {
  const matchLabels = Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const expressions = (selector?.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key]);
    if (operator === 'NotIn') return !values.includes(labels[key]);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });
  return matchLabels && expressions;
}

const find = (objects, kind, name) => objects.find((object) => object.kind === kind && object.metadata?.name === name);
const portOf = (container, ref) => (typeof ref === 'number' ? ref : container?.ports?.find((entry) => entry.name === ref)?.containerPort);
const allowsPort = (rule, port) => !rule.ports || rule.ports.some((entry) => entry.port === port);
const samePeer = (a, b) => JSON.stringify(a) === JSON.stringify(b);
/** The peers the policies selecting these pods let in on `port`. */
const admittedOn = (policies, labels, port) => policies.filter((policy) => selectorMatches(policy.spec?.podSelector, labels)).flatMap((policy) => (policy.spec?.ingress ?? []).filter((rule) => allowsPort(rule, port)).flatMap((rule) => rule.from ?? [{ anyone: true }]));
const isGatewayPeer = (peer) => Object.keys(peer).length === 1 && peer.podSelector?.matchLabels?.[NAME] === 'gateway' && Object.keys(peer.podSelector.matchLabels).length === 1;
const describePeer = (peer) => (peer.anyone ? 'anyone' : JSON.stringify(peer));

function podProblems(name, deployment, remote) {
  const problems = [];
  const pod = deployment.spec?.template?.spec ?? {};
  const container = pod.containers?.find((entry) => entry.name === name);
  if (!container) return [`${name}: the Deployment has no container named ${name}`];
  if (!new RegExp(`(^|/)(storefront-)?${remote.folder}(:[^/]+|@.+)?$`).test(container.image ?? '')) problems.push(`${name}: image ${container.image} is not storefront-${remote.folder} (deploy/static/remote.Dockerfile built with REMOTE=${remote.folder})`);
  if (!(deployment.spec?.replicas >= 2)) problems.push(`${name}: runs ${deployment.spec?.replicas ?? 1} replica; two keep it served through a rollout or a drain`);
  const ports = Object.fromEntries((container.ports ?? []).map((entry) => [entry.name, entry.containerPort]));
  for (const [portName, port] of Object.entries(REMOTE_PORTS)) if (ports[portName] !== port) problems.push(`${name}: needs container port ${portName} ${port}`);
  for (const kind of ['readinessProbe', 'livenessProbe']) {
    const probe = container[kind];
    if (probe?.httpGet?.path !== '/healthz' || portOf(container, probe.httpGet.port) !== REMOTE_PORTS.http) problems.push(`${name}: the ${kind} must ask GET /healthz on ${REMOTE_PORTS.http}`);
  }
  const podSecurity = pod.securityContext ?? {};
  const security = container.securityContext ?? {};
  if (podSecurity.runAsNonRoot !== true || podSecurity.runAsUser !== REMOTE_USER || podSecurity.runAsGroup !== REMOTE_USER) problems.push(`${name}: the pod must run as non-root uid/gid ${REMOTE_USER} (nginx-unprivileged)`);
  if ((security.seccompProfile ?? podSecurity.seccompProfile)?.type !== 'RuntimeDefault') problems.push(`${name}: seccompProfile must be RuntimeDefault`);
  if (security.allowPrivilegeEscalation !== false || security.readOnlyRootFilesystem !== true || !security.capabilities?.drop?.includes('ALL')) problems.push(`${name}: the container needs allowPrivilegeEscalation false, readOnlyRootFilesystem true and every capability dropped`);
  const tmp = (container.volumeMounts ?? []).find((mount) => mount.mountPath === '/tmp');
  if (!(pod.volumes ?? []).some((volume) => volume.name === tmp?.name && volume.emptyDir)) problems.push(`${name}: /tmp must be an emptyDir (nginx writes its pid and temp files there; the root is read-only)`);
  for (const kind of ['requests', 'limits']) for (const resource of ['cpu', 'memory']) if (!container.resources?.[kind]?.[resource]) problems.push(`${name}: no ${resource} ${kind}`);
  return problems;
}

function serviceProblems(name, service, deployment, budgets) {
  const problems = [];
  const labels = deployment.spec?.template?.metadata?.labels ?? {};
  const container = deployment.spec?.template?.spec?.containers?.find((entry) => entry.name === name);
  if (!service) problems.push(`${name}: no Service ${name}`);
  else {
    if (!Object.keys(service.spec?.selector ?? {}).length || !selectorMatches({ matchLabels: service.spec.selector }, labels)) problems.push(`${name}: the Service does not select the Deployment's pods`);
    for (const port of Object.values(REMOTE_PORTS)) {
      const entry = (service.spec?.ports ?? []).find((item) => item.port === port);
      if (!entry || portOf(container, entry.targetPort ?? port) !== port) problems.push(`${name}: the Service needs port ${port} to the container's ${port}`);
    }
  }
  const selecting = budgets.filter((budget) => selectorMatches(budget.spec?.selector, labels) && Object.keys(budget.spec?.selector ?? {}).length > 0);
  if (selecting.length !== 1 || selecting[0].spec?.minAvailable !== 1) problems.push(`${name}: needs one PodDisruptionBudget with minAvailable 1 (${selecting.length} select its pods)`);
  return problems;
}

function registryProblems(objects, remote, { released }) {
  const configMap = find(objects, 'ConfigMap', REGISTRY_CONFIGMAP);
  if (!configMap) return [`no ConfigMap ${REGISTRY_CONFIGMAP} (the remotes' registry)`];
  let registry;
  try {
    registry = JSON.parse(configMap.data?.['registry.json'] ?? '');
  } catch (error) {
    return [`${REGISTRY_CONFIGMAP}: registry.json is not JSON (${error.message})`];
  }
  const entry = registry?.remotes?.[remote.folder];
  const problems = [];
  const serverBundle = `http://${remote.folder}:${REMOTE_PORTS.server}/server/`;
  const browserEntry = `/remotes/${remote.folder}/mf-manifest.json`;
  if (!entry) problems.push(`${remote.folder}: no entry in ${REGISTRY_CONFIGMAP}'s registry.json`);
  else {
    if (entry.serverBundle !== serverBundle) problems.push(`${remote.folder}: the registry's serverBundle is ${entry.serverBundle}, not ${serverBundle} (its Service's server port)`);
    if (entry.browserEntry !== browserEntry) problems.push(`${remote.folder}: the registry's browserEntry is ${entry.browserEntry}, not ${browserEntry}`);
    if (!/^sha384-/.test(entry.serverIntegrity ?? '')) problems.push(`${remote.folder}: the registry's serverIntegrity must be sha384-<base64>`);
    // an environment's entry names the release its Deployment runs: the image's tag
    const image = find(objects, 'Deployment', remote.folder)?.spec?.template?.spec?.containers?.find((item) => item.name === remote.folder)?.image ?? '';
    const tag = /:([^:/@]+)$/.exec(image)?.[1];
    if (released && entry.version !== tag) problems.push(`${remote.folder}: the registry's version is ${entry.version}, its Deployment runs ${image} (set both: README "Kubernetes")`);
  }
  return problems;
}

function networkProblems(name, deployment, objects, edge) {
  const problems = [];
  const labels = deployment.spec?.template?.metadata?.labels ?? {};
  const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
  const server = admittedOn(policies, labels, REMOTE_PORTS.server);
  if (!server.some(isGatewayPeer)) problems.push(`${name}: no NetworkPolicy lets the gateway in on ${REMOTE_PORTS.server} (its server bundle)`);
  const others = server.filter((peer) => !isGatewayPeer(peer));
  if (others.length > 0) problems.push(`${name}: ${REMOTE_PORTS.server} (the server bundle) must be the gateway's only, but NetworkPolicies also let in ${others.map(describePeer).join(', ')}`);
  const gatewayPods = find(objects, 'Deployment', 'gateway')?.spec?.template?.metadata?.labels ?? {};
  const out = policies.filter((policy) => selectorMatches(policy.spec?.podSelector, gatewayPods) && (policy.spec?.policyTypes ?? []).includes('Egress'));
  if (!out.some((policy) => (policy.spec?.egress ?? []).some((rule) => allowsPort(rule, REMOTE_PORTS.server) && (rule.to ?? []).some((peer) => peer.podSelector && !peer.namespaceSelector && selectorMatches(peer.podSelector, labels))))) problems.push(`gateway: no NetworkPolicy lets it out to ${name}:${REMOTE_PORTS.server}`);
  const browser = admittedOn(policies, labels, REMOTE_PORTS.http);
  if (edge) {
    // the data plane: who comes into the gateway from another namespace, the scraper aside
    const edgePeers = admittedOn(policies, gatewayPods, 8080).filter((peer) => peer.namespaceSelector && peer.podSelector?.matchLabels?.[NAME] !== 'prometheus');
    if (!edgePeers.length) problems.push('gateway: no NetworkPolicy lets the Gateway API data plane in');
    else if (!browser.some((peer) => edgePeers.some((edgePeer) => samePeer(peer, edgePeer)))) problems.push(`${name}: no NetworkPolicy lets the Gateway API data plane (as for the gateway) in on ${REMOTE_PORTS.http}`);
    const strangers = browser.filter((peer) => !edgePeers.some((edgePeer) => samePeer(peer, edgePeer)));
    if (strangers.length > 0) problems.push(`${name}: ${REMOTE_PORTS.http} must be the data plane's only, but NetworkPolicies also let in ${strangers.map(describePeer).join(', ')}`);
  } else if (browser.length > 0) problems.push(`${name}: NetworkPolicies let in ${browser.map(describePeer).join(', ')} on ${REMOTE_PORTS.http}, with no Gateway in front`);
  return problems;
}

function routeProblems(objects, remotes, edge) {
  const problems = [];
  const routes = objects.filter((object) => object.kind === 'HTTPRoute');
  for (const route of routes) {
    for (const rule of route.spec?.rules ?? []) {
      for (const backend of rule.backendRefs ?? []) if (backend.port === REMOTE_PORTS.server) problems.push(`HTTPRoute/${route.metadata.name}: routes ${backend.name}:${REMOTE_PORTS.server} publicly (the server bundle is the gateway's only)`);
    }
  }
  if (!edge) return problems;
  for (const remote of remotes) {
    const prefix = `/remotes/${remote.folder}/`;
    const found = routes.flatMap((route) => (route.spec?.rules ?? []).map((rule, index) => ({ route, rule, index }))).find(({ rule }) => (rule.matches ?? []).some((match) => match.path?.type === 'PathPrefix' && match.path.value === prefix));
    if (!found) {
      problems.push(`${remote.folder}: no HTTPRoute rule for PathPrefix ${prefix}`);
      continue;
    }
    const backends = found.rule.backendRefs ?? [];
    if (backends.length !== 1 || backends[0].name !== remote.folder || backends[0].port !== REMOTE_PORTS.http) problems.push(`HTTPRoute/${found.route.metadata.name}: ${prefix} goes to ${backends.map((item) => `${item.name}:${item.port}`).join(', ') || 'nothing'}, not Service ${remote.folder} on ${REMOTE_PORTS.http}`);
    const catchAll = (found.route.spec?.rules ?? []).findIndex((rule) => (rule.matches ?? []).some((match) => match.path?.type === 'PathPrefix' && match.path.value === '/'));
    if (catchAll !== -1 && catchAll < found.index) problems.push(`HTTPRoute/${found.route.metadata.name}: ${prefix} comes after the catch-all /`);
  }
  return problems;
}

/**
 * Every problem with the remotes in a rendered kustomization. `edge`: a Gateway API data plane is in
 * front (production); `released`: an environment (an overlay), whose registry names each remote's image tag.
 */
export function remotesProblems(objects, topology, { edge, released = false }) {
  const problems = [];
  const folders = topology.REMOTES.map((remote) => remote.folder);
  const deployed = objects.filter((object) => object.kind === 'Deployment' && isRemote(object));
  for (const deployment of deployed) if (!folders.includes(deployment.metadata.name)) problems.push(`${deployment.metadata.name}: a micro-frontend Deployment that is not in packages/topology's REMOTES`);
  const budgets = objects.filter((object) => object.kind === 'PodDisruptionBudget');
  for (const remote of topology.REMOTES) {
    const name = remote.folder;
    problems.push(...registryProblems(objects, remote, { released }));
    const deployment = deployed.find((item) => item.metadata.name === name);
    if (!deployment) {
      problems.push(`${name}: no Deployment ${name} labelled app.kubernetes.io/component=${REMOTE_COMPONENT} (packages/topology's REMOTES has it)`);
      continue;
    }
    if (deployment.spec?.template?.metadata?.labels?.[NAME] !== name || !selectorMatches(deployment.spec?.selector, deployment.spec?.template?.metadata?.labels)) problems.push(`${name}: its pods must be labelled ${NAME}=${name} and selected by the Deployment`);
    problems.push(...podProblems(name, deployment, remote), ...serviceProblems(name, find(objects, 'Service', name), deployment, budgets), ...networkProblems(name, deployment, objects, edge));
  }
  problems.push(...routeProblems(objects, topology.REMOTES, edge));
  return problems;
}
