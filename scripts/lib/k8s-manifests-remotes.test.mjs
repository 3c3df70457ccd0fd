// The remotes in deploy/k8s (k8s-manifests-remotes.mjs), on the rendered base and overlays and on
// broken copies: each remote in packages/topology has its Deployment, Service, budget, registry
// entry, NetworkPolicies and (production) its HTTPRoute rule, and each check can fail.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as topology from '@storefront/topology';
import { overlayProblems, renderAll, topologyProblems } from './k8s-manifests.mjs';
import { remotesProblems } from './k8s-manifests-remotes.mjs';

const rendered = renderAll();
const EDGE = Object.freeze({ base: false, staging: false, production: true });
const released = (name) => name !== 'base';
const find = (objects, kind, name) => objects.find((object) => object.kind === kind && object.metadata.name === name);
function broken(objects, change) {
  const copy = structuredClone(objects);
  change(copy);
  return copy;
}
const container = (objects, name) => find(objects, 'Deployment', name).spec.template.spec.containers[0];
const routeRules = (objects) => find(objects, 'HTTPRoute', 'storefront').spec.rules;
function assertProblem(problems, text) {
  assert.ok(problems.some((problem) => problem.includes(text)), `expected a problem mentioning "${text}", got:\n${problems.join('\n') || '(none)'}`);
}
const production = (change) => remotesProblems(broken(rendered.production, change), topology, { edge: true, released: true });

describe('the remotes', () => {
  for (const [name, edge] of Object.entries(EDGE)) {
    it(`${name}: every remote of packages/topology deployed, served, budgeted, registered and fenced${edge ? ', its prefix routed' : ''}`, () => {
      assert.deepEqual(remotesProblems(rendered[name], topology, { edge, released: released(name) }), []);
      const remotes = rendered[name].filter((object) => object.kind === 'Deployment' && object.metadata.labels['app.kubernetes.io/component'] === 'micro-frontend');
      assert.deepEqual(remotes.map((object) => object.metadata.name).sort(), topology.REMOTES.map((remote) => remote.folder).sort());
    });
  }

  it('production: each remote ships in its own pinned image, and the other checks accept its route', () => {
    assert.equal(container(rendered.production, 'mf-catalog').image, 'registry.example.com/storefront/mf-catalog:0.1.0');
    assert.equal(container(rendered.base, 'mf-catalog').image, 'storefront-mf-catalog');
    assert.deepEqual(routeRules(rendered.production).at(-1).backendRefs, [{ name: 'gateway', port: 8080 }]);
    assert.deepEqual(topologyProblems(rendered.production, topology), []);
  });

  it('fails when a remote of the topology is missing or a new one is not deployed', () => {
    const problems = remotesProblems(rendered.production.filter((object) => !(object.kind === 'Deployment' && object.metadata.name === 'mf-catalog')), topology, { edge: true });
    assertProblem(problems, 'mf-catalog: no Deployment mf-catalog');
    const seventh = { ...topology, REMOTES: [...topology.REMOTES, { name: 'mf_reviews', folder: 'mf-reviews', urlEnv: 'REMOTE_MF_REVIEWS_URL', devPort: 3007 }] };
    assertProblem(remotesProblems(rendered.production, seventh, { edge: true }), 'mf-reviews: no Deployment');
    assertProblem(remotesProblems(rendered.production, seventh, { edge: true }), 'mf-reviews: no HTTPRoute rule for PathPrefix /remotes/mf-reviews/');
    assertProblem(remotesProblems(rendered.production, seventh, { edge: true }), 'mf-reviews: no entry in storefront-remotes');
    const unknown = broken(rendered.base, (objects) => (find(objects, 'Deployment', 'mf-forms').metadata.name = 'mf-polls'));
    assertProblem(remotesProblems(unknown, topology, { edge: false }), "mf-polls: a micro-frontend Deployment that is not in packages/topology's REMOTES");
  });

  it('fails when a pod loses a safeguard', () => {
    assertProblem(production((objects) => (find(objects, 'Deployment', 'mf-forms').spec.replicas = 1)), 'mf-forms: runs 1 replica');
    assertProblem(production((objects) => (container(objects, 'mf-forms').image = 'registry.example.com/storefront/mf-catalog:0.1.0')), 'mf-forms: image');
    assertProblem(production((objects) => container(objects, 'mf-forms').ports.pop()), 'mf-forms: needs container port server 8081');
    assertProblem(production((objects) => (container(objects, 'mf-forms').livenessProbe.httpGet.path = '/')), 'mf-forms: the livenessProbe must ask GET /healthz');
    assertProblem(production((objects) => (find(objects, 'Deployment', 'mf-forms').spec.template.spec.securityContext.runAsUser = 0)), 'mf-forms: the pod must run as non-root uid/gid 101');
    assertProblem(production((objects) => delete find(objects, 'Deployment', 'mf-forms').spec.template.spec.securityContext.seccompProfile), 'mf-forms: seccompProfile');
    assertProblem(production((objects) => (container(objects, 'mf-forms').securityContext.capabilities.drop = [])), 'every capability dropped');
    assertProblem(production((objects) => (find(objects, 'Deployment', 'mf-forms').spec.template.spec.volumes[0] = { name: 'tmp', hostPath: { path: '/tmp' } })), 'mf-forms: /tmp must be an emptyDir');
    assertProblem(production((objects) => delete container(objects, 'mf-forms').resources.limits), 'mf-forms: no cpu limits');
    assertProblem(remotesProblems(broken(rendered.production, (objects) => (container(objects, 'mf-forms').image = 'storefront-mf-forms:latest')), topology, { edge: true }).concat(overlayProblems(broken(rendered.production, (objects) => (container(objects, 'mf-forms').image = 'storefront-mf-forms:latest')), { namespace: 'storefront', publicSiteUrl: 'https://www.storefront.example.com', edge: true })), 'mf-forms: image storefront-mf-forms:latest must name a registry and a pinned tag');
  });

  it('fails when a Service, a budget or a registry entry is off', () => {
    assertProblem(production((objects) => find(objects, 'Service', 'mf-estimator').spec.ports.pop()), 'mf-estimator: the Service needs port 8081');
    assertProblem(production((objects) => (find(objects, 'Service', 'mf-estimator').spec.selector = { 'app.kubernetes.io/name': 'mf-forms' })), 'mf-estimator: the Service does not select');
    assertProblem(production((objects) => (find(objects, 'PodDisruptionBudget', 'mf-estimator').spec.minAvailable = 0)), 'mf-estimator: needs one PodDisruptionBudget with minAvailable 1');
    const registry = (change) => production((objects) => {
      const configMap = find(objects, 'ConfigMap', 'storefront-remotes');
      const document = JSON.parse(configMap.data['registry.json']);
      change(document.remotes);
      configMap.data['registry.json'] = JSON.stringify(document);
    });
    assertProblem(registry((remotes) => (remotes['mf-checkout'].serverBundle = 'http://mf-checkout:8080/server/')), 'mf-checkout: the registry\'s serverBundle is http://mf-checkout:8080/server/, not http://mf-checkout:8081/server/');
    assertProblem(registry((remotes) => delete remotes['mf-checkout']), 'mf-checkout: no entry in storefront-remotes');
    // a new image without its registry entry (or the reverse) is half a release
    assertProblem(production((objects) => (container(objects, 'mf-catalog').image = 'registry.example.com/storefront/mf-catalog:0.2.0')), 'mf-catalog: the registry\'s version is 0.1.0, its Deployment runs registry.example.com/storefront/mf-catalog:0.2.0');
  });

  it('fails when the route or the NetworkPolicies expose the server bundle or lose a prefix', () => {
    assertProblem(production((objects) => routeRules(objects).splice(1, 1)), 'mf-catalog: no HTTPRoute rule for PathPrefix /remotes/mf-catalog/');
    assertProblem(production((objects) => (routeRules(objects)[1].backendRefs[0].port = 8081)), 'routes mf-catalog:8081 publicly');
    assertProblem(production((objects) => (routeRules(objects)[1].backendRefs[0].name = 'gateway')), '/remotes/mf-catalog/ goes to gateway:8080, not Service mf-catalog');
    assertProblem(production((objects) => routeRules(objects).unshift(routeRules(objects).pop())), '/remotes/mf-content/ comes after the catch-all /');
    const policy = (objects, name) => find(objects, 'NetworkPolicy', name);
    assertProblem(production((objects) => (policy(objects, 'micro-frontends-from-edge').spec.ingress[0].ports[0].port = 8081)), 'mf-content: 8081 (the server bundle) must be the gateway\'s only');
    assertProblem(production((objects) => (policy(objects, 'micro-frontends').spec.ingress[0].from[0].podSelector.matchLabels['app.kubernetes.io/name'] = 'content')), 'mf-content: no NetworkPolicy lets the gateway in on 8081');
    assertProblem(production((objects) => (policy(objects, 'gateway').spec.egress = policy(objects, 'gateway').spec.egress.filter((rule) => rule.ports[0].port !== 8081))), 'gateway: no NetworkPolicy lets it out to mf-checkout:8081');
    assertProblem(production((objects) => objects.splice(objects.indexOf(policy(objects, 'micro-frontends-from-edge')), 1)), 'mf-checkout: no NetworkPolicy lets the Gateway API data plane');
    const open = broken(rendered.staging, (objects) => policy(objects, 'micro-frontends').spec.ingress.push({ ports: [{ protocol: 'TCP', port: 8080 }] }));
    assertProblem(remotesProblems(open, topology, { edge: false }), 'mf-content: NetworkPolicies let in anyone on 8080, with no Gateway in front');
    assertProblem(topologyProblems(broken(rendered.production, (objects) => (routeRules(objects)[0].backendRefs[0] = { name: 'content', port: 4101 })), topology), 'sends to content:4101');
  });
});
