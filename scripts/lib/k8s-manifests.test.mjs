// deploy/k8s, checked offline (node --test scripts/lib, i.e. npm run test:unit, after the packages
// are built): the base and both overlays rendered as kustomize renders them, every object validated
// against the Kubernetes schemas, and the manifests held to packages/topology and docker-compose.yml.
// Each check is also fed a broken copy, so none of them can pass by checking nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import * as topology from '@storefront/topology';
import { parseAllDocuments } from 'yaml';
import { AUTOSCALED, composeProblems, K8S_DIR, KUSTOMIZATIONS, overlayProblems, podProblems, readCompose, renderAll, ROOT, schemaProblems, topologyProblems } from './k8s-manifests.mjs';
import { configMapHash, KustomizeRenderError, renderKustomization, strategicMerge } from './kustomize-render.mjs';

const rendered = renderAll();
const compose = readCompose();
const OVERLAYS = Object.freeze({
  staging: { namespace: 'storefront-staging', edge: false, extraEnv: {} },
  // behind the Gateway API's data plane the gateway keeps X-Forwarded-For (overlays/production/gateway-behind-proxy.yaml)
  production: { namespace: 'storefront', edge: true, extraEnv: { gateway: ['GATEWAY_BEHIND_PROXY'] } },
});

/** A deep copy of `objects` with `change` applied to the named object. */
function broken(objects, kind, name, change) {
  const copy = structuredClone(objects);
  const object = copy.find((item) => item.kind === kind && item.metadata.name === name);
  assert.ok(object, `${kind}/${name} to break`);
  change(object, copy);
  return copy;
}
const container = (deployment) => deployment.spec.template.spec.containers[0];
const envEntry = (deployment, variable) => container(deployment).env.find((entry) => entry.name === variable);
/** The generated storefront-config-<hash>: the settings every service reads. */
const settingsOf = (objects) => objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('storefront-config-'));
const siteUrlOf = (objects) => settingsOf(objects).data.PUBLIC_SITE_URL;
/** The problem list contains one that mentions `text`. */
function assertProblem(problems, text) {
  assert.ok(
    problems.some((problem) => problem.includes(text)),
    `expected a problem mentioning "${text}", got:\n${problems.join('\n') || '(none)'}`,
  );
}

describe('deploy/k8s renders', () => {
  it('the base and each overlay, with the same parts', () => {
    const parts = (objects) => objects.map((object) => `${object.kind}/${object.metadata.name.replace(/^(storefront-config)-\w+$/, '$1')}`).sort();
    assert.ok(rendered.base.length > 0);
    assert.deepEqual(parts(rendered.staging), parts(rendered.base));
    assert.deepEqual(parts(rendered.production), [...parts(rendered.base), 'Gateway/storefront', 'HTTPRoute/storefront', 'HTTPRoute/storefront-https-redirect', 'NetworkPolicy/gateway-from-edge', 'NetworkPolicy/micro-frontends-from-edge'].sort());
  });

  it('exactly as kubectl kustomize does', { skip: spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status !== 0 && 'kubectl is not installed here' }, () => {
    const key = (object) => `${object.apiVersion} ${object.kind} ${object.metadata.namespace} ${object.metadata.name}`;
    const sorted = (objects) => [...objects].sort((a, b) => key(a).localeCompare(key(b)));
    for (const [name, dir] of Object.entries(KUSTOMIZATIONS)) {
      const result = spawnSync('kubectl', ['kustomize', path.join(K8S_DIR, dir)], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      const theirs = parseAllDocuments(result.stdout).map((document) => document.toJS());
      assert.deepStrictEqual(sorted(rendered[name]), sorted(theirs), `${dir} renders differently from kubectl kustomize`);
    }
  });
});

describe('the renderer', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'kustomize-render-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const write = (files) => {
    const dir = mkdtempSync(path.join(scratch, 'k-'));
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
    return dir;
  };
  const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: d }\nspec:\n  template:\n    spec:\n      containers:\n        - { name: c, image: "localhost:5000/app:1", env: [{ name: A, value: "1" }, { name: B, value: "2" }] }\n';

  it("merges lists by key as kustomize orders them: the patch's items first, then the rest", () => {
    const target = { env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }, { name: 'C', value: '3' }] };
    strategicMerge(target, { env: [{ name: 'X', value: '9' }, { name: 'B', value: '22' }] });
    assert.deepEqual(target.env, [{ name: 'X', value: '9' }, { name: 'B', value: '22' }, { name: 'A', value: '1' }, { name: 'C', value: '3' }]);
    assert.deepEqual(strategicMerge({ a: { b: 1, c: 2 }, args: ['x'] }, { a: { c: null }, args: ['y'] }), { a: { b: 1 }, args: ['y'] });
  });

  it('refuses what it cannot render faithfully', () => {
    assert.throws(() => strategicMerge({}, { ports: [{ containerPort: 1 }] }), KustomizeRenderError);
    assert.throws(() => strategicMerge({}, { env: [{ name: 'A', $patch: 'delete' }] }), KustomizeRenderError);
    assert.throws(() => renderKustomization(write({ 'kustomization.yaml': 'commonLabels: { a: b }\n' })), /commonLabels/);
    assert.throws(() => renderKustomization(write({ 'kustomization.yaml': 'resources: [d.yaml]\nreplicas: [{ name: nothing, count: 2 }]\n', 'd.yaml': deployment })), /nothing/);
    assert.throws(() => renderKustomization(write({ 'kustomization.yaml': 'resources: [d.yaml]\npatches: [{ path: p.yaml }]\n', 'd.yaml': deployment, 'p.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: other }\n' })), /matches 0/);
  });

  it('sets images (a registry port is not a tag) and names a generated ConfigMap by its data, as kustomize does', () => {
    const dir = write({
      'kustomization.yaml': 'resources: [d.yaml]\nnamespace: ns\nimages: [{ name: "localhost:5000/app", newName: reg.example/app, newTag: "2" }]\nconfigMapGenerator: [{ name: c, literals: [A=1] }]\n',
      'd.yaml': deployment,
    });
    const [d, configMap] = renderKustomization(dir);
    assert.equal(container(d).image, 'reg.example/app:2');
    // `kubectl kustomize` names this ConfigMap c-89g4tffbfk (kustomize 5.5)
    assert.equal(configMap.metadata.name, 'c-89g4tffbfk');
    assert.equal(configMapHash({ data: { A: '1' } }), '89g4tffbfk');
    assert.equal(configMap.metadata.namespace, 'ns');
  });
});

describe('every rendered object', () => {
  for (const [name, objects] of Object.entries(rendered)) {
    it(`passes the Kubernetes schemas: ${name}`, async () => {
      assert.deepEqual(await schemaProblems(objects), []);
    });
  }

  it('fails them when broken', async () => {
    const problems = await schemaProblems(
      broken(rendered.base, 'Deployment', 'orders', (deployment) => {
        container(deployment).ports[0].containerPort = '4103';
        container(deployment).resources.limits.memory = '512 megabytes';
      }),
    );
    assertProblem(problems, 'containerPort must be integer');
    assertProblem(problems, 'memory must match format "quantity"');
    assertProblem(await schemaProblems([{ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }]), 'no Kubernetes schema');
  });

  it("fails the CRDs' schemas when broken (the Gateway API's)", async () => {
    const gateway = await schemaProblems(broken(rendered.production, 'Gateway', 'storefront', (item) => (item.spec.listeners[0].port = 'https'))).then((problems) => problems.filter((problem) => problem.startsWith('Gateway/')));
    assert.equal(gateway.length, 1, gateway.join('\n'));
    const route = await schemaProblems(broken(rendered.production, 'HTTPRoute', 'storefront', (item) => (item.spec.rules[0].matches[0].path.type = 'Glob')));
    assertProblem(route, 'HTTPRoute/storefront');
  });
});

describe('the manifests follow packages/topology', () => {
  for (const [name, objects] of Object.entries(rendered)) {
    it(`ports, Services and service URLs: ${name}`, () => {
      assert.deepEqual(topologyProblems(objects, topology), []);
    });
  }

  it('and fail it when a port, a URL or a service is off', () => {
    const service = topology.SERVICES.orders;
    assertProblem(topologyProblems(broken(rendered.base, 'Service', 'orders', (item) => (item.spec.ports[0].port = service.port + 10)), topology), 'orders: Service ports');
    assertProblem(topologyProblems(broken(rendered.base, 'Deployment', 'orders', (item) => (container(item).ports[0].containerPort = service.port + 10)), topology), 'orders: container ports');
    assertProblem(topologyProblems(broken(rendered.base, 'Deployment', 'orders', (item) => (envEntry(item, service.portEnv).value = '9999')), topology), `orders: ${service.portEnv}`);
    assertProblem(topologyProblems(broken(rendered.base, 'Deployment', 'payments', (item) => (envEntry(item, 'ORDERS_SERVICE_URL').value = 'http://orders:4105')), topology), 'payments: ORDERS_SERVICE_URL must be http://orders:4103');
    assertProblem(topologyProblems(broken(rendered.base, 'Deployment', 'gateway', (item) => (container(item).env = container(item).env.filter((entry) => entry.name !== 'PAYMENTS_SERVICE_URL'))), topology), 'gateway: PAYMENTS_SERVICE_URL is not set');
    assertProblem(topologyProblems(broken(rendered.base, 'Deployment', 'gateway', (item) => container(item).env.push({ name: 'SEARCH_SERVICE_URL', value: 'http://search:4105' })), topology), 'SEARCH_SERVICE_URL is not a URL variable');
    assertProblem(topologyProblems(broken(rendered.base, 'Deployment', 'payments', (item, all) => all.splice(all.indexOf(item), 1)), topology), 'payments: no Deployment');
    assertProblem(topologyProblems(broken(rendered.production, 'HTTPRoute', 'storefront', (item) => (item.spec.rules[0].backendRefs[0].port = 80)), topology), 'not the gateway on 8080');
    assertProblem(topologyProblems([...rendered.production, { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'old', namespace: 'storefront' } }], topology), 'an Ingress');
    // and a topology that moves a port fails the manifests until they move too
    const moved = { ...topology, SERVICES: { ...topology.SERVICES, content: { ...topology.SERVICES.content, port: 4111 } } };
    assertProblem(topologyProblems(rendered.base, moved), 'content: container ports 4101, the topology\'s port is 4111');
  });
});

describe('the pods', () => {
  for (const [name, objects] of Object.entries(rendered)) {
    it(`run safely, are probed, budgeted and (checkout) autoscaled: ${name}`, () => {
      assert.deepEqual(podProblems(objects), []);
    });
  }

  it('fail when a safeguard is gone', () => {
    const orders = (change) => podProblems(broken(rendered.base, 'Deployment', 'orders', change));
    assertProblem(orders((item) => (container(item).livenessProbe = { httpGet: { path: '/health', port: 'http' }, periodSeconds: 10, failureThreshold: 6 })), 'liveness probe must ask GET /health/live');
    assertProblem(orders((item) => (container(item).livenessProbe.failureThreshold = 3)), 'liveness must wait longer');
    assertProblem(orders((item) => (container(item).readinessProbe.httpGet.path = '/health')), 'readiness probe must ask GET /health/ready');
    assertProblem(orders((item) => delete container(item).readinessProbe), 'readiness probe must ask GET /health');
    assertProblem(orders((item) => (container(item).securityContext.readOnlyRootFilesystem = false)), 'readOnlyRootFilesystem');
    assertProblem(orders((item) => delete item.spec.template.spec.securityContext.runAsNonRoot), 'non-root');
    assertProblem(orders((item) => delete container(item).resources.limits), 'no cpu limits');
    assertProblem(orders((item) => delete item.spec.template.spec.enableServiceLinks), 'enableServiceLinks');
    assertProblem(orders((item) => (item.spec.replicas = 2)), 'the autoscaler owns the replica count');
    assertProblem(podProblems(broken(rendered.base, 'HorizontalPodAutoscaler', 'payments', (item) => (item.spec.minReplicas = 1))), 'payments: the autoscaler\'s minReplicas');
    assertProblem(podProblems(broken(rendered.base, 'HorizontalPodAutoscaler', 'payments', (item, all) => all.splice(all.indexOf(item), 1))), 'payments: needs one autoscaling/v2');
    assertProblem(podProblems(broken(rendered.base, 'PodDisruptionBudget', 'content', (item) => (item.spec.selector.matchLabels = { 'app.kubernetes.io/name': 'nothing' }))), 'content: 0 PodDisruptionBudgets');
    assertProblem(podProblems(broken(rendered.base, 'Deployment', 'forms', (item) => (container(item).volumeMounts = container(item).volumeMounts.filter((mount) => mount.name !== 'uploads')))), 'FORMS_UPLOAD_DIR');
    assertProblem(podProblems(broken(rendered.base, 'Deployment', 'forms', (item) => (item.spec.replicas = 1))), 'forms: runs 1 replica');
    assertProblem(podProblems(broken(rendered.base, 'PersistentVolumeClaim', 'forms-uploads', (item) => (item.spec.accessModes = ['ReadWriteOnce']))), 'forms: the uploads claim must be ReadWriteMany');
    assert.deepEqual([...AUTOSCALED], ['orders', 'payments']);
  });
});

describe('the manifests follow docker-compose.yml', () => {
  it('the base: the same variables, values, defaults, required secrets and images', () => {
    assert.deepEqual(composeProblems(rendered.base, compose), []);
  });

  for (const [name, { extraEnv }] of Object.entries(OVERLAYS)) {
    it(`${name}: the same variables and required secrets (its own defaults and images)`, () => {
      assert.deepEqual(composeProblems(rendered[name], compose, { defaults: false, images: false, extraEnv }), []);
    });
  }

  it('and fail when a variable, a requirement or a default drifts', () => {
    const base = (kind, name, change) => composeProblems(broken(rendered.base, kind, name, change), compose);
    assertProblem(base('Deployment', 'orders', (item) => (envEntry(item, 'PAYMENTS_INTERNAL_SECRET').valueFrom.secretKeyRef.optional = true)), 'orders: PAYMENTS_INTERNAL_SECRET is required');
    assertProblem(base('Deployment', 'gateway', (item) => (envEntry(item, 'METRICS_TOKEN').valueFrom.secretKeyRef.optional = true)), 'gateway: METRICS_TOKEN is required');
    assertProblem(base('Deployment', 'orders', (item) => (container(item).env = container(item).env.filter((entry) => entry.name !== 'SMTP_URL'))), 'orders: SMTP_URL is missing');
    assertProblem(base('Deployment', 'content', (item) => (envEntry(item, 'DATABASE_URL').valueFrom = { configMapKeyRef: { name: 'x', key: 'DATABASE_URL' } })), 'content: DATABASE_URL is required');
    assertProblem(base('Deployment', 'gateway', (item) => Object.assign(envEntry(item, 'RECAPTCHA_SITE_KEY'), { value: '', valueFrom: undefined })), 'gateway: RECAPTCHA_SITE_KEY holds a secret');
    assertProblem(base('Deployment', 'payments', (item) => (envEntry(item, 'STRIPE_SECRET_KEY').valueFrom.secretKeyRef.optional = false)), 'its Secret must be optional');
    assertProblem(base('Deployment', 'payments', (item) => (envEntry(item, 'STRIPE_SECRET_KEY').valueFrom.secretKeyRef.key = 'stripe')), 'the key must be the variable\'s name');
    assertProblem(base('ConfigMap', settingsOf(rendered.base).metadata.name, (item) => (item.data.LOG_LEVEL = 'debug')), 'LOG_LEVEL is "debug", docker-compose.yml\'s default is "log"');
    assertProblem(base('Deployment', 'forms', (item) => (envEntry(item, 'FORMS_UPLOAD_DIR').value = '/uploads')), 'forms: FORMS_UPLOAD_DIR must be "/data/uploads"');
    assertProblem(base('Deployment', 'gateway', (item) => container(item).env.push({ name: 'GATEWAY_CACHE_MB', value: '64' })), 'GATEWAY_CACHE_MB is not in docker-compose.yml');
    assertProblem(base('Deployment', 'orders', (item) => (container(item).image = 'storefront/orders')), 'docker compose builds storefront-orders');
    // a variable docker-compose.yml starts to require fails until the manifests pass it
    const stricter = structuredClone(compose);
    stricter.services.payments.environment.PAYMENTS_WEBHOOK_TOKEN = '${PAYMENTS_WEBHOOK_TOKEN:?set it}';
    assertProblem(composeProblems(rendered.base, stricter), 'payments: PAYMENTS_WEBHOOK_TOKEN is missing');
  });
});

describe('the overlays', () => {
  for (const [name, expected] of Object.entries(OVERLAYS)) {
    it(`${name}: its namespace, production mode, its own https address, pinned images${expected.edge ? ', the Gateway' : ''}`, () => {
      assert.deepEqual(overlayProblems(rendered[name], { ...expected, publicSiteUrl: siteUrlOf(rendered[name]) }), []);
    });
  }

  it('each have their own PUBLIC_SITE_URL', () => {
    const urls = Object.keys(OVERLAYS).map((name) => siteUrlOf(rendered[name]));
    assert.equal(new Set([...urls, siteUrlOf(rendered.base)]).size, urls.length + 1);
  });

  it('fail when one runs in development mode, floats an image or loses its TLS', () => {
    const production = { ...OVERLAYS.production, publicSiteUrl: siteUrlOf(rendered.production) };
    const configMap = settingsOf(rendered.production).metadata.name;
    assertProblem(overlayProblems(broken(rendered.production, 'ConfigMap', configMap, (item) => (item.data.NODE_ENV = 'development')), production), 'orders: NODE_ENV is development');
    assertProblem(overlayProblems(broken(rendered.production, 'Deployment', 'content', (item) => (container(item).image = 'registry.example.com/storefront/content:latest')), production), 'content: image');
    assertProblem(overlayProblems(broken(rendered.production, 'Deployment', 'content', (item) => (container(item).image = 'storefront-content')), production), 'content: image');
    assertProblem(overlayProblems(broken(rendered.production, 'Gateway', 'storefront', (item) => delete item.spec.listeners[0].tls), production), 'no TLS certificate for');
    assertProblem(overlayProblems(broken(rendered.production, 'Gateway', 'storefront', (item) => (item.spec.listeners[0].hostname = 'shop.example.org')), production), 'no TLS certificate for');
    assertProblem(overlayProblems(broken(rendered.production, 'HTTPRoute', 'storefront', (item) => (item.spec.hostnames = ['shop.example.org'])), production), 'HTTPRoute/storefront: not for');
    assertProblem(overlayProblems(broken(rendered.production, 'HTTPRoute', 'storefront-https-redirect', (item) => (item.spec.rules = [{ backendRefs: [{ name: 'gateway', port: 8080 }] }])), production), 'serves plain http');
    assertProblem(overlayProblems(broken(rendered.production, 'Deployment', 'gateway', (item) => (container(item).env = container(item).env.filter((entry) => entry.name !== 'GATEWAY_BEHIND_PROXY'))), production), 'GATEWAY_BEHIND_PROXY');
    assertProblem(overlayProblems(broken(rendered.production, 'Deployment', 'orders', (item) => (container(item).env = container(item).env.filter((entry) => entry.name !== 'TRUST_PROXY'))), production), 'orders: TRUST_PROXY must name its proxies');
    assertProblem(overlayProblems(broken(rendered.production, 'Deployment', 'gateway', (item) => (envEntry(item, 'TRUST_PROXY').value = 'true')), production), 'gateway: TRUST_PROXY must name its proxies (false, a number of hops, or addresses), not true');
    assertProblem(
      overlayProblems(broken(rendered.production, 'Deployment', 'gateway', (item) => container(item).env.push({ name: 'PAYMENTS_INTERNAL_SECRET', valueFrom: { secretKeyRef: { name: 'storefront-payments-internal', key: 'PAYMENTS_INTERNAL_SECRET' } } })), production),
      'gateway: PAYMENTS_INTERNAL_SECRET belongs to orders and payments only',
    );
    assertProblem(overlayProblems(broken(rendered.production, 'Deployment', 'forms', (item) => container(item).env.push({ name: 'INTERNAL_API_TOKEN', value: 'x' })), production), 'forms: INTERNAL_API_TOKEN is retired');
    // orders' secret (the back office's calls): orders signs, forms and payments check; content never holds it, and payments must
    assertProblem(
      overlayProblems(broken(rendered.production, 'Deployment', 'content', (item) => container(item).env.push({ name: 'ORDERS_INTERNAL_SECRET', valueFrom: { secretKeyRef: { name: 'storefront-orders-internal', key: 'ORDERS_INTERNAL_SECRET' } } })), production),
      'content: ORDERS_INTERNAL_SECRET belongs to orders, forms and payments only',
    );
    assertProblem(
      overlayProblems(broken(rendered.production, 'Deployment', 'payments', (item) => (container(item).env = container(item).env.filter((entry) => entry.name !== 'ORDERS_INTERNAL_SECRET'))), production),
      'payments: ORDERS_INTERNAL_SECRET belongs to orders, forms and payments only',
    );
    assertProblem(overlayProblems(rendered.production, { ...production, publicSiteUrl: 'http://www.storefront.example.com' }), 'must be an https origin');
    assertProblem(overlayProblems(rendered.staging, { ...production, edge: false }), 'namespace storefront-staging, not storefront');
  });
});

describe('the README', () => {
  it('names every Secret the manifests read', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Kubernetes'));
    assert.ok(readme.includes('## Kubernetes'));
    const secrets = new Set(
      rendered.production.flatMap((object) => [
        ...(object.spec?.template?.spec?.containers ?? []).flatMap((item) => (item.env ?? []).flatMap((entry) => (entry.valueFrom?.secretKeyRef ? [entry.valueFrom.secretKeyRef.name] : []))),
        ...(object.spec?.tls ?? []).map((tls) => tls.secretName),
      ]),
    );
    assert.ok(secrets.size > 0);
    for (const secret of secrets) assert.ok(section.includes(secret), `README "Kubernetes" does not name Secret ${secret}`);
  });
});
