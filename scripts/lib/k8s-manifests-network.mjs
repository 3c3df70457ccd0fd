// NetworkPolicies held to who calls whom (k8s-manifests-operations.test.mjs runs it on each overlay and
// broken copies): a default deny, and for each service exactly its callers (the Deployments whose
// <SERVICE>_SERVICE_URL names it) allowed in on its port, each caller allowed out to it.
const NAME = 'app.kubernetes.io/name';

const policiesFor = (policies, name) => policies.filter((policy) => {
  const selector = policy.spec?.podSelector ?? {};
  const labels = selector.matchLabels ?? {};
  if (Object.keys(labels).length === 0 && !(selector.matchExpressions ?? []).length) return true; // every pod
  if (labels[NAME] !== undefined) return labels[NAME] === name;
  return (selector.matchExpressions ?? []).some((expression) => expression.key === NAME && expression.operator === 'In' && expression.values.includes(name));
});
const allowsPort = (rule, port) => !rule.ports || rule.ports.some((entry) => entry.port === port);
/** The in-namespace pods (by name) a list of peers admits; `*` for a peer that admits any pod of the namespace. */
const podsOf = (peers) => (peers ?? []).filter((peer) => peer.podSelector && !peer.namespaceSelector && !peer.ipBlock).map((peer) => peer.podSelector.matchLabels?.[NAME] ?? '*');

export function networkProblems(objects, topology) {
  const problems = [];
  const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
  const deny = policies.find((policy) => Object.keys(policy.spec?.podSelector ?? {}).length === 0 && ['Ingress', 'Egress'].every((type) => policy.spec?.policyTypes?.includes(type)) && !(policy.spec?.ingress ?? []).length && !(policy.spec?.egress ?? []).length);
  if (!deny) problems.push('no default-deny NetworkPolicy (every pod, ingress and egress, nothing allowed)');
  const deployments = objects.filter((object) => object.kind === 'Deployment');
  const envOf = (deployment) => deployment.spec?.template?.spec?.containers?.[0]?.env ?? [];
  for (const name of topology.SERVICE_NAMES) {
    const { port, urlEnv } = topology.SERVICES[name];
    const callers = deployments.filter((deployment) => envOf(deployment).some((entry) => entry.name === urlEnv)).map((deployment) => deployment.metadata.name).sort();
    const admitted = [...new Set(policiesFor(policies, name).flatMap((policy) => (policy.spec?.ingress ?? []).filter((rule) => allowsPort(rule, port)).flatMap((rule) => podsOf(rule.from))))].sort();
    if (JSON.stringify(admitted) !== JSON.stringify(callers)) problems.push(`${name}: NetworkPolicies let in ${admitted.join(', ') || 'no pod'} on ${port}; its callers (${urlEnv}) are ${callers.join(', ') || 'none'}`);
    for (const caller of callers) {
      const out = policiesFor(policies, caller).some((policy) => (policy.spec?.egress ?? []).some((rule) => allowsPort(rule, port) && podsOf(rule.to).includes(name)));
      if (!out) problems.push(`${caller}: no NetworkPolicy lets it out to ${name}:${port} (it calls ${urlEnv})`);
    }
  }
  return problems;
}
