// This dialect (`fields()`, `text()`, `oneOfText()`, ...) is for content files only: its messages are
// written for the editors who write content/. API request and response schemas use plain yup, whose
// messages are the spec's words for shoppers; keep this dialect out of them.
import {
  array,
  boolean,
  mixed,
  number,
  object,
  string,
  ValidationError,
  type AnyObject,
  type ArraySchema,
  type InferType,
  type ISchema,
  type ObjectShape,
  type Schema,
  type TestConfig,
  type TestContext,
} from 'yup';

/**
 * The yup builders the content-file schemas are written with. Content is written by editors, so
 * every rule speaks their words ("must be a #rrggbb colour (got "grey")") and is strict: a file is
 * validated as it is (no casting "5" to 5), every field is required unless `.optional()`, and a
 * field nobody reads is reported as a likely typo. The content service (at load) and
 * `npm run content:check` run the same schemas through `contentProblems`, so both refuse a bad file
 * with the same words.
 */

/** How a value reads in a message: `"grey"`, `5`, `a list`, `an object`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return JSON.stringify(value) ?? String(value);
}

const got = (params: { originalValue?: unknown; value?: unknown }) => describeValue(params.originalValue ?? params.value);

export interface TextRule {
  /** what the text must look like, and how the message names it ("a #rrggbb colour") */
  pattern?: RegExp;
  patternText?: string;
  /** an empty (or blank) text is allowed */
  allowEmpty?: boolean;
}

/** Text, present and not blank unless `allowEmpty`; `.optional()` when it may be missing. */
export function text({ pattern, patternText, allowEmpty = false }: TextRule = {}) {
  let schema = string()
    .strict()
    .typeError((params) => `must be a string (got ${got(params)})`)
    .defined('is required');
  if (!allowEmpty) schema = schema.test('filled', 'must not be empty', (value) => value === undefined || value.trim() !== '');
  if (pattern) {
    schema = schema.test('pattern', (params) => `must be ${patternText ?? `like ${pattern}`} (got ${got(params)})`, (value) => {
      if (value === undefined || (allowEmpty && value === '')) return true;
      return pattern.test(value);
    });
  }
  return schema;
}

/** One of a fixed set of texts: `must be one of "v1", "v2" (got "v3")`. */
export function oneOfText<const T extends string>(values: readonly T[], { quoted = true }: { quoted?: boolean } = {}) {
  const list = values.map((value) => (quoted ? JSON.stringify(value) : value)).join(', ');
  return string<T>()
    .strict()
    .typeError((params) => `must be one of ${list} (got ${got(params)})`)
    .defined('is required')
    .test('one-of', (params) => `must be one of ${list} (got ${got(params)})`, (value) => value === undefined || (values as readonly string[]).includes(value));
}

export const slug = () => text({ pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/, patternText: 'a lower-case slug (letters, digits, hyphens)' });
export const sitePath = () => text({ pattern: /^\/[^\s]*$/, patternText: 'a site path starting with /' });
export const imagePath = () => text({ pattern: /^\/images\/[a-z0-9/_.-]+\.svg$/, patternText: 'an /images/....svg path' });
export const hexColour = () => text({ pattern: /^#[0-9a-fA-F]{6}$/, patternText: 'a #rrggbb colour' });
export const httpsAddress = () => text({ pattern: /^https:\/\//, patternText: 'an https:// address' });
export const isoDate = () => text({ pattern: /^\d{4}-\d{2}-\d{2}$/, patternText: 'a date like 2026-01-31' });
export const isoDuration = (example = 'PT2M10S') => text({ pattern: /^PT(\d+H)?(\d+M)?(\d+S)?$/, patternText: `an ISO 8601 duration like ${example}` });
export const fieldName = () => text({ pattern: /^[A-Za-z][A-Za-z0-9_]*$/, patternText: 'a field name (letters, digits, _)' });

export interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
  /** money in dollars: at most 2 decimals */
  cents?: boolean;
}

/** A number, present unless `.optional()`. */
export function numberIn({ min, max, integer = false, cents = false }: NumberRule = {}) {
  let schema = number()
    .strict()
    .typeError((params) => `must be a number (got ${got(params)})`)
    .defined('is required');
  if (integer) schema = schema.test('integer', (params) => `must be a whole number (got ${got(params)})`, (value) => value === undefined || Number.isInteger(value));
  if (cents) {
    schema = schema.test('cents', (params) => `must have at most 2 decimals (got ${got(params)})`, (value) => value === undefined || Math.abs(Math.round(value * 100) - value * 100) <= 1e-6);
  }
  if (min !== undefined) schema = schema.test('min', (params) => `must be at least ${min} (got ${got(params)})`, (value) => value === undefined || value >= min);
  if (max !== undefined) schema = schema.test('max', (params) => `must be at most ${max} (got ${got(params)})`, (value) => value === undefined || value <= max);
  return schema;
}

/** true or false, present unless `.optional()`. */
export function flag() {
  return boolean()
    .strict()
    .typeError((params) => `must be true or false (got ${got(params)})`)
    .defined('is required');
}

export interface ListRule {
  min?: number;
  max?: number;
}

/** A list of `item`s, present unless `.optional()`: `must have at least 1 entry (has 0)`. */
export function listOf<S extends ISchema<unknown>>(item: S, { min = 0, max }: ListRule = {}) {
  let schema = array(item)
    .strict()
    .typeError((params) => `must be a list (got ${got(params)})`)
    .defined('is required') as unknown as ArraySchema<InferType<S>[], AnyObject, undefined, ''>;
  if (min > 0) {
    schema = schema.test('min-entries', (params) => `must have at least ${min} entr${min === 1 ? 'y' : 'ies'} (has ${(params.value as unknown[]).length})`, (value) => value === undefined || value.length >= min);
  }
  if (max !== undefined) {
    schema = schema.test('max-entries', (params) => `must have at most ${max} entries (has ${(params.value as unknown[]).length})`, (value) => value === undefined || value.length <= max);
  }
  return schema;
}

const childPath = (parent: string | undefined, key: string) => (parent ? `${parent}.${key}` : key);

function unknownFieldsTest(known: readonly string[]) {
  return {
    name: 'known-fields',
    skipAbsent: true,
    test(value: unknown, context: TestContext) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return true;
      const unknown = Object.keys(value).filter((key) => !known.includes(key));
      if (unknown.length === 0) return true;
      return new ValidationError(unknown.map((key) => context.createError({ path: childPath(context.path, key), message: 'is not a known field (check the spelling)' })));
    },
  };
}

/**
 * An object with these fields and no others (an unknown field is most often a misspelt optional
 * one, which would otherwise be silently ignored). Present unless `.optional()`.
 */
export function fields<S extends ObjectShape>(shape: S) {
  return openFields(shape).test(unknownFieldsTest(Object.keys(shape)));
}

/** An object with these fields; other fields are allowed (and kept as they are). */
export function openFields<S extends ObjectShape>(shape: S) {
  return object(shape)
    .strict()
    .typeError((params) => `must be an object (got ${got(params)})`)
    .defined('is required');
}

const joinPath = (parent: string | undefined, child: string | undefined) => {
  if (!child) return parent ?? '';
  if (!parent) return child;
  return child.startsWith('[') ? `${parent}${child}` : `${parent}.${child}`;
};

/**
 * Checks `value` with `schema` from inside another schema's test, reporting every problem at its
 * place in the whole file. This is how records, recursive shapes (menus, form groups) and shapes
 * chosen by the value (blocks by type) are written: yup's own lazy() does not keep its types here
 * (the OpenAPI converter augments it with other type parameters), a test does.
 */
function validateWithin(schema: ISchema<unknown>, value: unknown, context: TestContext): true | ValidationError {
  try {
    (schema as Schema).validateSync(value, { strict: true, abortEarly: false });
    return true;
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const leaves = error.inner.length > 0 ? error.inner : [error];
    return new ValidationError(leaves.map((leaf) => context.createError({ path: joinPath(context.path, leaf.path), message: leaf.message })));
  }
}

const isPlainMap = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A map with free keys, each value checked by `value` (and each key by `key`, when given), plus
 * `rules` over the whole map. Present unless `.optional()`.
 */
export function recordOf<V>(value: ISchema<V>, { key, rules = [] }: { key?: TextRule; rules?: readonly ReturnType<typeof rule<Record<string, V>>>[] } = {}) {
  const keyRule = key ? text(key) : undefined;
  let schema = mixed<Record<string, V>>()
    .defined('is required')
    // what the API reference shows (a test cannot be converted)
    .meta({ jsonSchema: { type: 'object', additionalProperties: true } })
    .test('object', (params) => `must be an object (got ${got(params)})`, (map) => map === undefined || isPlainMap(map))
    .test({
      name: 'entries',
      skipAbsent: true,
      test(map, context) {
        if (!isPlainMap(map)) return true;
        const errors: ValidationError[] = [];
        for (const [name, entry] of Object.entries(map)) {
          const at = context.path ? `${context.path}.${name}` : name;
          if (keyRule && !keyRule.isValidSync(name)) {
            const problem = validateWithin(keyRule, name, context);
            if (problem !== true) errors.push(...problem.inner.map((inner) => context.createError({ path: at, message: `key ${inner.message}` })));
          }
          const problem = validateWithin(value, entry, { ...context, path: at } as TestContext);
          if (problem !== true) errors.push(...problem.inner);
        }
        return errors.length === 0 ? true : new ValidationError(errors);
      },
    });
  for (const extra of rules) schema = schema.test(extra as unknown as TestConfig<Record<string, V> | undefined>);
  return schema;
}

/** Any JSON value (free-form data a definition carries through, e.g. a form's metadata). */
export function anyValue<T extends NonNullable<unknown> = NonNullable<unknown>>() {
  return mixed<T>().defined('is required');
}

/**
 * A shape that holds itself (a menu item's submenu, a form group's fields). `shape` is read when a
 * value is checked, so it may be declared after this schema; its type must be `T`.
 */
export function recursive<T extends NonNullable<unknown>>(shape: () => ISchema<T>) {
  return mixed<T>()
    .defined('is required')
    .meta({ jsonSchema: { type: 'object' } })
    .test({ name: 'shape', skipAbsent: true, test: (value, context) => validateWithin(shape(), value, context) });
}

/** The type of a `recursive` schema (declared on it, since TypeScript cannot infer a type through itself). */
export type RecursiveSchema<T extends NonNullable<unknown>> = ReturnType<typeof recursive<T>>;

/**
 * One of several shapes chosen by the value (a block by its `type`, a page-table entry by having
 * `aliasOf`). `pick` answers the schema for a value, or undefined for the fallback.
 */
export function shapeBy<T extends NonNullable<unknown>>(pick: (value: Record<string, unknown>) => ISchema<unknown> | undefined, fallback: ISchema<unknown>) {
  return mixed<T>()
    .defined('is required')
    .meta({ jsonSchema: { type: 'object', description: 'one of several shapes, chosen by the value (e.g. a block by its type)' } })
    .test({
      name: 'shape',
      skipAbsent: true,
      test: (value, context) => validateWithin((isPlainMap(value) ? pick(value) : undefined) ?? fallback, value, context),
    });
}

/** An extra rule over a whole value: `(value) => [[relative path, message], ...]` (empty when fine). */
export function rule<T>(name: string, problems: (value: T) => [string, string][]) {
  return {
    name,
    skipAbsent: true,
    test(value: T, context: TestContext) {
      if (value === null || typeof value !== 'object') return true;
      const found = problems(value);
      if (found.length === 0) return true;
      return new ValidationError(found.map(([path, message]) => context.createError({ path: path ? childPath(context.path, path) : context.path ?? '', message })));
    },
  };
}

/** One problem of a content file: where (a JSON path like `[3].finishes[0].hex`; empty: the whole file) and what. */
export interface ContentProblem {
  path: string;
  message: string;
}

/**
 * Every problem `schema` finds in `value`, in the editor's words. Empty when the value is valid.
 * Synchronous (no content schema has an async test), so the checker and the service read files in one pass.
 */
export function contentProblems(schema: ISchema<unknown>, value: unknown): ContentProblem[] {
  try {
    (schema as Schema).validateSync(value, { strict: true, abortEarly: false });
    return [];
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const leaves = error.inner.length > 0 ? error.inner : [error];
    const seen = new Set<string>();
    const problems: ContentProblem[] = [];
    for (const leaf of leaves) {
      const problem = { path: leaf.path ?? '', message: leaf.message };
      const key = `${problem.path}\u0000${problem.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
    }
    return problems;
  }
}

/** `path message`, or `(file) message` for the whole file: how the checker and the service print a problem. */
export function formatContentProblem(problem: ContentProblem): string {
  return `${problem.path || '(file)'} ${problem.message}`;
}
