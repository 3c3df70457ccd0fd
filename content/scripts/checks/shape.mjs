// A tiny structural validator: schemas are plain functions (value, path, report) so they compose without
// a library. Each reports problems in the words an editor understands.
import { joinPath } from './problems.mjs';

const describe = (v) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : JSON.stringify(v));

export const str = ({ nonEmpty = true, pattern, patternText } = {}) => (v, path, report) => {
  if (typeof v !== 'string') return report(path, `must be a string (got ${describe(v)})`);
  if (nonEmpty && v.trim() === '') return report(path, 'must not be empty');
  if (pattern && !pattern.test(v)) report(path, `must be ${patternText ?? `like ${pattern}`} (got ${JSON.stringify(v)})`);
};

export const hex = () => str({ pattern: /^#[0-9a-fA-F]{6}$/, patternText: 'a #rrggbb colour' });
export const slug = () => str({ pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/, patternText: 'a lower-case slug (letters, digits, hyphens)' });
export const path = () => str({ pattern: /^\/[^\s]*$/, patternText: 'a site path starting with /' });
export const imagePath = () => str({ pattern: /^\/images\/[a-z0-9/_.-]+\.svg$/, patternText: 'an /images/....svg path' });

export const num = ({ min, max, integer = false, cents = false } = {}) => (v, path, report) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) return report(path, `must be a number (got ${describe(v)})`);
  if (integer && !Number.isInteger(v)) report(path, `must be a whole number (got ${v})`);
  if (cents && Math.round(v * 100) !== v * 100 && Math.abs(Math.round(v * 100) - v * 100) > 1e-6) report(path, `must have at most 2 decimals (got ${v})`);
  if (min !== undefined && v < min) report(path, `must be at least ${min} (got ${v})`);
  if (max !== undefined && v > max) report(path, `must be at most ${max} (got ${v})`);
};

export const bool = () => (v, path, report) => {
  if (typeof v !== 'boolean') report(path, `must be true or false (got ${describe(v)})`);
};

export const oneOf = (values) => (v, path, report) => {
  if (!values.includes(v)) report(path, `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')} (got ${describe(v)})`);
};

export const anyOf = (...schemas) => (v, path, report) => {
  const failures = [];
  for (const schema of schemas) {
    const mine = [];
    schema(v, path, (p, m) => mine.push([p, m]));
    if (mine.length === 0) return;
    failures.push(mine);
  }
  // report the alternative that came closest
  failures.sort((a, b) => a.length - b.length);
  for (const [p, m] of failures[0]) report(p, m);
};

export const arr = (item, { min = 0, max } = {}) => (v, path, report) => {
  if (!Array.isArray(v)) return report(path, `must be a list (got ${describe(v)})`);
  if (v.length < min) report(path, `must have at least ${min} entr${min === 1 ? 'y' : 'ies'} (has ${v.length})`);
  if (max !== undefined && v.length > max) report(path, `must have at most ${max} entries (has ${v.length})`);
  v.forEach((entry, i) => item(entry, joinPath(path, i), report));
};

/** An object with known fields. Fields whose schema is wrapped in opt() may be missing; others are required. */
export const obj = (fields, { extra = false } = {}) => (v, path, report) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return report(path, `must be an object (got ${describe(v)})`);
  for (const [key, schema] of Object.entries(fields)) {
    const p = joinPath(path, key);
    if (v[key] === undefined) {
      if (!schema.optional) report(p, 'is required');
      continue;
    }
    schema(v[key], p, report);
  }
  if (!extra) {
    for (const key of Object.keys(v)) if (!(key in fields)) report(joinPath(path, key), 'is not a known field (check the spelling)');
  }
};

/** A map with free keys: { [key]: schema }. */
export const record = (value, { key } = {}) => (v, path, report) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return report(path, `must be an object (got ${describe(v)})`);
  for (const [k, entry] of Object.entries(v)) {
    if (key) key(k, joinPath(path, k), (p, m) => report(p, `key ${m}`));
    value(entry, joinPath(path, k), report);
  }
};

export const opt = (schema) => {
  const wrapped = (v, path, report) => schema(v, path, report);
  wrapped.optional = true;
  return wrapped;
};

export const any = () => () => {};

/** Run a schema and return problems as [path, message] pairs. */
export function validate(schema, value, path = '') {
  const found = [];
  schema(value, path, (p, m) => found.push([p, m]));
  return found;
}
