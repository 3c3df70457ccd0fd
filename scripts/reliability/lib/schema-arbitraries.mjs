// fast-check arbitraries made from a yup schema's own description (schema.describe()), so the fuzz
// follows the route table's contracts as they change: strings with their min/max/matches/oneOf,
// numbers with their bounds, booleans, arrays with their bounds, nested objects, optional and
// nullable fields. yup's named custom tests (checkout-email, cents, plain-address, ...) cannot be
// read back as rules, so values for them come from hints keyed by the field's or the test's name.
// Then mutations of those values: what a broken client or an attacker sends instead.
import fc from 'fast-check';

/** Arrays are kept short unless a mutation makes them long: the point is breadth, not volume. */
const ARRAY_CAP = 4;
/** Unbounded strings get a modest length; huge strings are a mutation of their own. */
const STRING_CAP = 40;

/** Values that have broken parsers, ORMs and number handling elsewhere. */
const HOSTILE_SCALARS = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 1,
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '0x10',
  '',
  ' ',
  '\u0000',
  '\u202e\u0000\r\n',
  '\ud800',
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  '..%2f..%2finternal',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE orders; --',
  '${7*7}{{7*7}}',
  '%s%n%x',
  '🙂🙂🙂',
  'ǅ̸̢̛̫̈́', // combining marks
  [],
  {},
  [[[]]],
  { $gt: '' },
  { __proto__: { polluted: true } },
];

/**
 * `{ a: { a: ... } }` or `[[...]]`, `depth` levels: deep nesting without a huge byte count (up to
 * about 1,000 levels: JSON.stringify itself recurses; deeper bodies are sent as text, see fuzz.mjs).
 */
export function nested(depth, kind = 'object') {
  let value = kind === 'object' ? {} : [];
  for (let level = 0; level < depth; level += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
}

/** A value that is not what the field holds: a scalar from the list, random text or JSON, a huge or deep one. */
export const hostileValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_SCALARS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  // past some services' body limits (16 kB payments, 100 kB orders, 256 kB forms): 413 is the answer then
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length)) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 20, max: 1_000 }), fc.constantFrom('object', 'array')).map(([depth, kind]) => nested(depth, kind)) },
);

const testOf = (description, name) => description.tests.find((test) => test.name === name);

/** The hint for a field: by its key, else by one of its named tests. */
function hintFor(description, key, hints) {
  if (key !== undefined && hints[key]) return hints[key];
  for (const test of description.tests) if (hints[`test:${test.name}`]) return hints[`test:${test.name}`];
  return undefined;
}

function stringArbitrary(description) {
  if (description.oneOf.length > 0) return fc.constantFrom(...description.oneOf.filter((value) => value !== undefined));
  const min = testOf(description, 'min')?.params?.min ?? (testOf(description, 'required') ? 1 : 0);
  const max = testOf(description, 'max')?.params?.max ?? Math.max(min, STRING_CAP);
  const matched = testOf(description, 'matches')?.params?.regex;
  // fast-check draws from case-sensitive patterns only: the lower-case form of a case-insensitive one (a UUID's hex) matches it too
  const matches = matched instanceof RegExp && matched.flags.includes('i') ? new RegExp(matched.source, matched.flags.replace('i', '')) : matched;
  if (matches instanceof RegExp) {
    // a pattern with `+` has no bound of its own: repeat a match up to the schema's min, cut at its max
    return fc.stringMatching(matches).map((match) => {
      let value = match;
      while (value.length > 0 && value.length < min) value += match;
      return value.length > max ? value.slice(0, max) : value;
    });
  }
  const maxLength = Math.min(max, Math.max(min, STRING_CAP));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength }) },
    // yup counts UTF-16 units, fast-check graphemes: kept to the schema's bounds in yup's count
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength }).filter((value) => value.length >= min && value.length <= max) },
    // at the bound exactly (within it after trim: no spaces at the ends)
    { weight: 1, arbitrary: fc.constant('m'.repeat(Math.min(max, 2_000))) },
  );
}

function numberArbitrary(description) {
  const minTest = testOf(description, 'min')?.params ?? {};
  const maxTest = testOf(description, 'max')?.params ?? {};
  const min = minTest.min ?? (minTest.more !== undefined ? minTest.more : -1e6);
  const max = maxTest.max ?? (maxTest.less !== undefined ? maxTest.less : 1e6);
  const exclusiveMin = minTest.more !== undefined;
  const integer = Boolean(testOf(description, 'integer'));
  // 'cents' and 'two-decimals': dollars with at most two decimals
  const cents = Boolean(testOf(description, 'cents') || testOf(description, 'two-decimals'));
  if (integer) {
    const low = Math.ceil(exclusiveMin ? min + 1 : min);
    const high = Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER));
    return fc.oneof(fc.integer({ min: low, max: Math.min(high, low + 100) }), fc.integer({ min: low, max: high }), fc.constantFrom(low, high));
  }
  if (cents) {
    const low = Math.ceil(min * 100) + (exclusiveMin ? 1 : 0);
    const high = Math.floor(Math.min(max, 1e12) * 100);
    return fc.integer({ min: low, max: Math.min(high, Number.MAX_SAFE_INTEGER) }).map((value) => value / 100);
  }
  return fc.double({ min: exclusiveMin ? min + Number.EPSILON : min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values a described schema accepts (mostly: custom tests are met only where a hint knows them).
 * `hints` maps a field name (or `test:<name>`) to an arbitrary used for it nine times in ten, or
 * always with `hintsOnly` (a body whose object-level rules need every field right at once).
 */
export function validArbitrary(description, hints = {}, key = undefined, hintsOnly = false) {
  // hints are for leaves and lists; an object with fields is made from its fields' hints
  const hint = description.type === 'object' && description.fields && Object.keys(description.fields).length > 0 ? undefined : hintFor(description, key, hints);
  let arbitrary;
  switch (description.type) {
    case 'string':
      arbitrary = stringArbitrary(description);
      break;
    case 'number':
      arbitrary = numberArbitrary(description);
      break;
    case 'boolean':
      arbitrary = fc.boolean();
      break;
    case 'date':
      arbitrary = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      break;
    case 'array': {
      const min = testOf(description, 'min')?.params?.min ?? (testOf(description, 'not-empty') ? 1 : 0);
      const max = testOf(description, 'max')?.params?.max ?? ARRAY_CAP;
      const inner = description.innerType ? validArbitrary(description.innerType, hints, undefined, hintsOnly) : fc.jsonValue({ maxDepth: 1 });
      arbitrary = fc.array(inner, { minLength: min, maxLength: Math.max(min, Math.min(max, ARRAY_CAP)) });
      break;
    }
    case 'object': {
      const fields = description.fields ?? {};
      const shape = {};
      for (const [name, field] of Object.entries(fields)) {
        // an optional field is sent four times in five (undefined is left out of the JSON): object-level
        // rules (a billing address, a name) often need the fields the schema itself calls optional
        // (with hintsOnly, a field with a hint or fields of its own is always sent)
        const always = !field.optional || (hintsOnly && (hintFor(field, name, hints) || field.fields || field.innerType));
        shape[name] = always ? validArbitrary(field, hints, name, hintsOnly) : fc.option(validArbitrary(field, hints, name, hintsOnly), { nil: undefined, freq: 5 });
      }
      arbitrary = Object.keys(shape).length > 0 ? fc.record(shape) : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      break;
    }
    default:
      // mixed: anything JSON but null (null is a value of its own, allowed only where nullable)
      arbitrary = fc.jsonValue({ maxDepth: 2 }).filter((value) => value !== null);
  }
  if (description.nullable) arbitrary = fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: fc.constant(null) });
  if (hint && hintsOnly) return hint;
  // the hint nearly always, the schema's own bounds otherwise
  return hint ? fc.oneof({ weight: 9, arbitrary: hint }, { weight: 1, arbitrary }) : arbitrary;
}

/** Every path in a JSON value (objects' keys and arrays' indexes), the root as []. */
export function pathsOf(value, prefix = [], out = []) {
  out.push(prefix);
  if (value !== null && typeof value === 'object' && out.length < 500) {
    for (const key of Object.keys(value)) pathsOf(value[key], [...prefix, key], out);
  }
  return out;
}

function cloneJson(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function setAt(root, path, value) {
  if (path.length === 0) return value;
  let parent = root;
  for (const key of path.slice(0, -1)) parent = parent[key];
  parent[path.at(-1)] = value;
  return root;
}

function deleteAt(root, path) {
  if (path.length === 0) return undefined;
  let parent = root;
  for (const key of path.slice(0, -1)) parent = parent[key];
  if (Array.isArray(parent)) parent.splice(Number(path.at(-1)), 1);
  else delete parent[path.at(-1)];
  return root;
}

/** Field names a server might trust by mistake, and keys that have polluted prototypes. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'status', 'amount', 'total', 'paymentStatus', 'customerId', 'isAdmin', 'id', '', ' ', '🙂', 'a'.repeat(300)];

/**
 * How a valid value is broken: one field's value swapped for a hostile one, a field dropped, a
 * field added, or the whole body replaced. `pick` chooses the field among the value's paths.
 */
export const mutationArbitrary = fc.record({
  kind: fc.constantFrom('wrong-value', 'wrong-value', 'wrong-value', 'drop-field', 'extra-field', 'replace-body', 'huge-string', 'unicode'),
  pick: fc.nat(),
  value: hostileValue,
  extraKey: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
  text: fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
  length: fc.integer({ min: 300, max: 200_000 }),
});

/** The mutation applied to (a copy of) a valid value; returns the new value (undefined: no body). */
export function applyMutation(valid, mutation) {
  const value = cloneJson(valid);
  const paths = pathsOf(value);
  const path = paths[mutation.pick % paths.length];
  switch (mutation.kind) {
    case 'wrong-value':
      return setAt(value, path, mutation.value);
    case 'drop-field':
      return path.length === 0 ? undefined : deleteAt(value, path);
    case 'extra-field': {
      const objects = paths.filter((candidate) => {
        const target = candidate.reduce((node, key) => node[key], value);
        return target !== null && typeof target === 'object' && !Array.isArray(target);
      });
      if (objects.length === 0) return { [mutation.extraKey]: mutation.value, value };
      const target = objects[mutation.pick % objects.length].reduce((node, key) => node[key], value);
      // defineProperty: a plain assignment of '__proto__' would set the prototype, not send the key
      Object.defineProperty(target, mutation.extraKey, { value: mutation.value, enumerable: true, writable: true, configurable: true });
      return value;
    }
    case 'replace-body':
      return mutation.value;
    case 'huge-string':
      return setAt(value, path, 'Z'.repeat(mutation.length));
    case 'unicode':
      return setAt(value, path, mutation.text);
    default:
      throw new Error(`unknown mutation ${mutation.kind}`);
  }
}

/**
 * Bodies for a schema: valid ones (by the schema and the hints) and mutated ones, about `validShare`
 * valid. Each sample says which it is, so a failure report can tell a valid payload from a broken one.
 */
export function bodyArbitrary(schema, hints = {}, validShare = 0.35) {
  // valid bodies as they are sent take the hints always; bodies about to be broken take them mostly
  const valid = schema ? validArbitrary(schema.describe(), hints, undefined, validShare === 1) : fc.jsonValue({ maxDepth: 2 });
  const validWeight = Math.round(validShare * 100);
  return fc.oneof(
    { weight: validWeight, arbitrary: valid.map((body) => ({ body, mutation: 'none' })) },
    {
      weight: 100 - validWeight,
      arbitrary: fc.tuple(valid, mutationArbitrary).map(([body, mutation]) => ({ body: applyMutation(body, mutation), mutation: mutation.kind })),
    },
  );
}
