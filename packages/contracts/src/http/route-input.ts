import { ValidationError, type InferType } from 'yup';
import type { AnySchema } from './route.js';

/** The parts of a request a route validates. */
export type RouteInputPart = 'params' | 'query' | 'body';

/** Why a request was refused: one message, the message of each broken field (keyed by its path), and a reason code where one applies. */
export interface RouteInputProblem {
  message: string;
  errors: Record<string, string>;
  errorType?: string;
}

/**
 * What a schema test may put in its error's params when the error speaks for the whole request
 * (an empty cart, fields a browser may not change): the machine-readable reason, and the 400's
 * message when it differs from the field's own.
 */
export interface RequestLevelErrorParams {
  errorType: string;
  requestMessage?: string;
}

function requestLevel(error: ValidationError): RequestLevelErrorParams | undefined {
  const params = error.params as Partial<RequestLevelErrorParams> | undefined;
  return typeof params?.errorType === 'string' ? { errorType: params.errorType, ...(params.requestMessage ? { requestMessage: params.requestMessage } : {}) } : undefined;
}

export type RouteInputResult<S extends AnySchema> = { ok: true; value: InferType<S> } | { ok: false; problem: RouteInputProblem };

const ARTICLE_BEFORE = /^[aeiou]/i;

/**
 * yup's own wording for a wrong type ("qty must be a `number` type, but the final value was: `NaN`
 * (cast from the value `"x"`).") is for developers; a shopper or an integrator gets "qty must be a number".
 */
const WHOLE_PART: Record<RouteInputPart, string> = { body: 'Request body', query: 'Query', params: 'Path' };

function readableMessage(error: ValidationError, part: RouteInputPart): string {
  // Only yup's default wording (it quotes the type in backticks) is replaced; a schema's own typeError message stands.
  if (error.type !== 'typeError' || !error.message.includes('`')) return error.message;
  const params = (error.params ?? {}) as { label?: unknown; type?: unknown };
  const name = typeof params.label === 'string' ? params.label : error.path || WHOLE_PART[part];
  const type = typeof params.type === 'string' ? params.type : 'value';
  const wanted = type === 'object' ? 'a JSON object' : `${ARTICLE_BEFORE.test(type) ? 'an' : 'a'} ${type}`;
  return `${name} must be ${wanted}`;
}

/** Every broken field once (its first message), in the order yup found them. */
function fieldErrors(error: ValidationError, part: RouteInputPart): Record<string, string> {
  const errors: Record<string, string> = {};
  const leaves = error.inner.length > 0 ? error.inner : [error];
  for (const leaf of leaves) {
    const key = leaf.path || '_';
    if (!(key in errors)) errors[key] = readableMessage(leaf, part);
  }
  return errors;
}

/**
 * Checks one part of a request against its schema and answers the cast value (defaults filled,
 * strings trimmed where the schema says so) or the problem. Synchronous: the route table's schemas
 * have no async tests, so a request is checked in one pass. Used by the services' validation pipe;
 * the same function can check a value in the browser before it is sent.
 */
export function checkRouteInput<S extends AnySchema>(
  schema: S,
  value: unknown,
  options: { part: RouteInputPart; invalidMessage?: string | ((firstFieldMessage: string, firstFieldPath: string) => string) | undefined },
): RouteInputResult<S> {
  // A missing body is read as an empty one (each required field then says what is missing); a body
  // that is not an object at all gets one plain message instead of yup's developer wording.
  const input = value === undefined && schema.type === 'object' ? {} : value;
  if (schema.type === 'object' && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    const message = `${WHOLE_PART[options.part]} must be a JSON object`;
    return { ok: false, problem: { message, errors: { _: message } } };
  }
  try {
    // stripUnknown: what a route does not name (a price sent with a cart line, a status in an
    // update) never reaches the service; a route that must refuse unknown fields says so in its
    // schema with a test that reads `this.originalValue`.
    return { ok: true, value: schema.validateSync(input, { abortEarly: false, stripUnknown: true }) as InferType<S> };
  } catch (error) {
    if (!ValidationError.isError(error)) {
      // yup's transforms and tests assume the types the schema names: a value of another type can
      // make them throw (trim() of an object) and so can a key named like one of Object.prototype's
      // ("constructor"). Either is the request's fault (both found by the reliability fuzz), so it is
      // refused as such, never a 500 (nor, in a handler answering in front of Nest, a crash).
      const message = `${WHOLE_PART[options.part]} is not valid: a field has a value of the wrong type or an unexpected name`;
      return { ok: false, problem: { message, errors: { _: message } } };
    }
    const errors = fieldErrors(error, options.part);
    // An error that speaks for the whole request decides the message and carries its reason.
    const leaves = error.inner.length > 0 ? error.inner : [error];
    for (const leaf of leaves) {
      const reason = requestLevel(leaf);
      if (reason) return { ok: false, problem: { message: reason.requestMessage ?? leaf.message, errors, errorType: reason.errorType } };
    }
    const [firstPath, first] = Object.entries(errors)[0] ?? ['_', error.message];
    const { invalidMessage } = options;
    const message = typeof invalidMessage === 'function' ? invalidMessage(first, firstPath) : (invalidMessage ?? first);
    return { ok: false, problem: { message, errors } };
  }
}
