// Renders a kustomization the way `kubectl kustomize` (kustomize v5) does, for the features
// deploy/k8s uses and no others: resources (files and directories), namespace, configMapGenerator
// (literals; behavior create or merge; the content-hash name suffix and the references to it),
// patches (strategic-merge files, one or more documents, no target), images and replicas. Any other
// field, or a patch this cannot merge the way kustomize would, is an error rather than a guess, so
// the offline test never passes on a rendering kustomize would not produce. k8s-manifests.test.mjs
// also compares the output with `kubectl kustomize` wherever kubectl is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'configMapGenerator', 'patches', 'images', 'replicas']);

/** List fields a patch may touch, and how Kubernetes' strategic merge treats them: by a key, or replaced whole. */
const LIST_MERGE = Object.freeze({
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  imagePullSecrets: 'name',
  args: null,
  command: null,
  accessModes: null,
  metrics: null,
  tls: null,
  rules: null,
  // NetworkPolicy's rule lists have no merge key: a patch replaces them
  ingress: null,
  egress: null,
  hosts: null,
  drop: null,
  add: null,
});

/** The kinds deploy/k8s uses, all namespaced (the namespace transformer sets metadata.namespace on each), CRDs included. */
const NAMESPACED_KINDS = new Set(['ConfigMap', 'Secret', 'Service', 'PersistentVolumeClaim', 'Deployment', 'StatefulSet', 'Job', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Ingress', 'NetworkPolicy', 'Gateway', 'HTTPRoute', 'ServiceMonitor', 'PrometheusRule']);
/** What kustomize's replicas field changes. */
const SCALABLE_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

/** Generated ConfigMaps, and their name before the hash suffix. */
const generated = new WeakMap();

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const clone = (value) => structuredClone(value);

export class KustomizeRenderError extends Error {}

function fail(message) {
  throw new KustomizeRenderError(message);
}

/** Every YAML document of a file, as plain objects (empty documents dropped). */
export function readYamlDocuments(file) {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  return documents.flatMap((document) => {
    if (document.errors.length > 0) fail(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
    const value = document.toJS();
    return value === null || value === undefined ? [] : [value];
  });
}

function kustomizationOf(dir) {
  const file = path.join(dir, 'kustomization.yaml');
  if (!existsSync(file)) fail(`${dir}: no kustomization.yaml`);
  const [kustomization] = readYamlDocuments(file);
  if (!isObject(kustomization)) fail(`${file}: not a mapping`);
  for (const field of Object.keys(kustomization)) {
    if (!SUPPORTED_FIELDS.has(field)) fail(`${file}: "${field}" is not rendered by scripts/lib/kustomize-render.mjs (teach it first, and check it against kubectl kustomize)`);
  }
  return { file, kustomization };
}

const describe = (object) => `${object.kind}/${object.metadata?.name}`;

function originalName(object) {
  return generated.get(object) ?? object.metadata?.name;
}

/** Strategic merge of `patch` into `target` (both mappings), in place. */
export function strategicMerge(target, patch, where = '') {
  for (const [key, value] of Object.entries(patch)) {
    const at = where ? `${where}.${key}` : key;
    if (key.startsWith('$')) fail(`patch directive ${at} is not rendered`);
    if (value === null) {
      delete target[key];
    } else if (Array.isArray(value)) {
      if (!(key in LIST_MERGE)) fail(`patch list ${at}: how kustomize merges it is not known here (add it to LIST_MERGE)`);
      const mergeKey = LIST_MERGE[key];
      target[key] = mergeKey ? mergeList(Array.isArray(target[key]) ? target[key] : [], value, mergeKey, at) : clone(value);
    } else if (isObject(value) && isObject(target[key])) {
      strategicMerge(target[key], value, at);
    } else {
      target[key] = clone(value);
    }
  }
  return target;
}

/**
 * A list merged by key, ordered as kustomize orders it: the patch's items first, in the patch's order
 * (each merged into its match), then the target's items the patch does not name.
 */
function mergeList(target, patch, mergeKey, where) {
  const named = new Set();
  const merged = patch.map((item) => {
    if (!isObject(item) || item[mergeKey] === undefined) fail(`patch list ${where}: every item needs its "${mergeKey}"`);
    named.add(item[mergeKey]);
    const match = target.find((existing) => isObject(existing) && existing[mergeKey] === item[mergeKey]);
    // a new item goes through the merge too, so a directive or an unknown list inside it is refused
    return strategicMerge(match ? clone(match) : {}, item, `${where}[${item[mergeKey]}]`);
  });
  return [...merged, ...target.filter((existing) => !(isObject(existing) && named.has(existing[mergeKey]))).map(clone)];
}

function applyPatchFile(objects, file) {
  for (const patch of readYamlDocuments(file)) {
    const { kind, metadata } = patch;
    if (!kind || !metadata?.name) fail(`${file}: a patch names its kind and metadata.name`);
    const matches = objects.filter((object) => object.kind === kind && originalName(object) === metadata.name && (!metadata.namespace || object.metadata.namespace === metadata.namespace));
    if (matches.length !== 1) fail(`${file}: ${kind}/${metadata.name} matches ${matches.length} resources, not one`);
    if (patch.apiVersion && patch.apiVersion !== matches[0].apiVersion) fail(`${file}: ${kind}/${metadata.name} is ${matches[0].apiVersion}, the patch says ${patch.apiVersion}`);
    strategicMerge(matches[0], patch);
  }
}

function literalsToData(literals, where) {
  const data = {};
  for (const literal of literals ?? []) {
    const at = literal.indexOf('=');
    if (at <= 0) fail(`${where}: literal "${literal}" is not KEY=value`);
    const value = literal.slice(at + 1);
    // kustomize strips one pair of quotes around a literal's value; keep values unquoted instead
    if (/^(['"]).*\1$/.test(value)) fail(`${where}: quoted literal "${literal}" is not rendered`);
    data[literal.slice(0, at)] = value;
  }
  return data;
}

function generateConfigMaps(objects, generators, where) {
  for (const generator of generators ?? []) {
    const unknown = Object.keys(generator).filter((key) => !['name', 'behavior', 'literals'].includes(key));
    if (unknown.length > 0) fail(`${where}: configMapGenerator ${generator.name}: ${unknown.join(', ')} not rendered`);
    const behavior = generator.behavior ?? 'create';
    const data = literalsToData(generator.literals, where);
    const existing = objects.find((object) => object.kind === 'ConfigMap' && generated.has(object) && generated.get(object) === generator.name);
    if (behavior === 'create') {
      if (existing) fail(`${where}: ConfigMap ${generator.name} exists already (behavior: merge?)`);
      const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data };
      generated.set(configMap, generator.name);
      objects.push(configMap);
    } else if (behavior === 'merge') {
      if (!existing) fail(`${where}: behavior merge, but no generated ConfigMap ${generator.name} to merge into`);
      existing.data = { ...existing.data, ...data };
    } else {
      fail(`${where}: configMapGenerator behavior "${behavior}" not rendered`);
    }
  }
}

/** `name[:tag][@digest]` split as kustomize's image matcher splits it. */
function splitImage(image) {
  const [withTag, digest] = image.split('@');
  const slash = withTag.lastIndexOf('/');
  const colon = withTag.lastIndexOf(':');
  return colon > slash ? { name: withTag.slice(0, colon), tag: withTag.slice(colon + 1), digest } : { name: withTag, tag: undefined, digest };
}

function forEachContainer(value, visit) {
  if (Array.isArray(value)) {
    for (const item of value) forEachContainer(item, visit);
  } else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if ((key === 'containers' || key === 'initContainers') && Array.isArray(child)) child.forEach(visit);
      else forEachContainer(child, visit);
    }
  }
}

function setImages(objects, images, where) {
  for (const entry of images ?? []) {
    const unknown = Object.keys(entry).filter((key) => !['name', 'newName', 'newTag'].includes(key));
    if (unknown.length > 0) fail(`${where}: images ${entry.name}: ${unknown.join(', ')} not rendered`);
    for (const object of objects) {
      forEachContainer(object, (container) => {
        if (typeof container.image !== 'string') return;
        const image = splitImage(container.image);
        if (image.name !== entry.name) return;
        const tag = entry.newTag !== undefined ? String(entry.newTag) : image.tag;
        container.image = `${entry.newName ?? image.name}${image.digest ? `@${image.digest}` : tag !== undefined ? `:${tag}` : ''}`;
      });
    }
  }
}

function setReplicas(objects, replicas, where) {
  for (const { name, count, ...rest } of replicas ?? []) {
    if (Object.keys(rest).length > 0) fail(`${where}: replicas ${name}: ${Object.keys(rest).join(', ')} not rendered`);
    const targets = objects.filter((object) => SCALABLE_KINDS.has(object.kind) && object.metadata.name === name);
    if (targets.length === 0) fail(`${where}: replicas: nothing scalable is named ${name}`);
    for (const target of targets) target.spec = { ...target.spec, replicas: count };
  }
}

function setNamespace(objects, namespace) {
  for (const object of objects) {
    if (!NAMESPACED_KINDS.has(object.kind)) fail(`namespace: ${describe(object)} is not a kind known to be namespaced here`);
    object.metadata.namespace = namespace;
  }
}

/** A directory's kustomization, before the hash suffixes (which only the top level adds). */
function build(dir) {
  const { file, kustomization } = kustomizationOf(dir);
  const objects = [];
  for (const entry of kustomization.resources ?? []) {
    const resolved = path.resolve(dir, entry);
    if (!existsSync(resolved)) fail(`${file}: resource ${entry} does not exist`);
    objects.push(...(statSync(resolved).isDirectory() ? build(resolved) : readYamlDocuments(resolved)));
  }
  generateConfigMaps(objects, kustomization.configMapGenerator, file);
  // kustomize's order of built-in transformers: patches, namespace, replicas, images
  for (const patch of kustomization.patches ?? []) {
    const keys = Object.keys(patch);
    if (keys.length !== 1 || typeof patch.path !== 'string') fail(`${file}: only patches with a path (and no target) are rendered`);
    applyPatchFile(objects, path.resolve(dir, patch.path));
  }
  if (kustomization.namespace) setNamespace(objects, kustomization.namespace);
  setReplicas(objects, kustomization.replicas, file);
  setImages(objects, kustomization.images, file);
  for (const object of objects) {
    const key = `${describe(object)} in ${object.metadata?.namespace ?? '(no namespace)'}`;
    if (objects.filter((other) => `${describe(other)} in ${other.metadata?.namespace ?? '(no namespace)'}` === key && other.apiVersion === object.apiVersion).length > 1) fail(`${file}: ${key} twice`);
  }
  return objects;
}

/** JSON as Go's encoding/json writes it: keys sorted, <, >, & and U+2028/2029 escaped. */
function goJson(value) {
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${goJson(key)}:${goJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * kustomize's name suffix for a generated ConfigMap (api/hasher): sha256 of its encoding, 10
 * characters, no vowels or look-alikes. kustomize v5 looks the name up as one field called
 * "metadata/name", finds none and encodes "": so does this (the suffix follows the data alone).
 */
export function configMapHash({ data }) {
  const hex = createHash('sha256')
    .update(goJson({ data: data ?? {}, kind: 'ConfigMap', name: '' }))
    .digest('hex');
  const swap = { 0: 'g', 1: 'h', 3: 'k', a: 'm', e: 't' };
  return [...hex.slice(0, 10)].map((char) => swap[char] ?? char).join('');
}

function renameReferences(value, from, to) {
  if (Array.isArray(value)) {
    for (const item of value) renameReferences(item, from, to);
  } else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (['configMapKeyRef', 'configMapRef', 'configMap'].includes(key) && isObject(child) && child.name === from) child.name = to;
      else renameReferences(child, from, to);
    }
  }
}

/** The objects `kubectl kustomize <dir>` prints (in its own order: compare by kind and name). */
export function renderKustomization(dir) {
  const objects = build(path.resolve(dir));
  for (const object of objects) {
    if (!generated.has(object)) continue;
    const name = generated.get(object);
    const hashed = `${name}-${configMapHash({ data: object.data })}`;
    object.metadata.name = hashed;
    for (const other of objects) {
      if (other.metadata?.namespace === object.metadata.namespace) renameReferences(other, name, hashed);
    }
  }
  return objects;
}
