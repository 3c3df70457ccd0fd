import { number } from 'yup';

/**
 * Building blocks for the route table's query schemas. A query parameter arrives as text (or as a
 * list of texts when repeated: `?a=1&a=2`), so these read the raw value themselves rather than
 * relying on yup's number coercion (which takes "1e3", " 2" and "2.5").
 */

/** The parameter's values as strings: a list for a repeated name, one for a single one, none for anything else. */
export function queryValues(raw: unknown): string[] {
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.filter((value): value is string => typeof value === 'string');
  return [];
}

/**
 * A paging parameter that refuses bad input: a whole number from 1 to `max` (at most 999999) written
 * in up to six plain digits (a number when checked in the browser). Absent stays absent (the caller's `.default()` applies);
 * anything else, a repeated parameter included, is refused with `<name> must be a whole number from
 * 1 to <max>`.
 */
export function wholeNumberParam(name: string, max: number) {
  const message = `${name} must be a whole number from 1 to ${max}`;
  return number()
    .transform((_value: unknown, original: unknown) => {
      if (typeof original === 'number') return original;
      return typeof original === 'string' && /^\d{1,6}$/.test(original) ? Number(original) : Number.NaN;
    })
    .typeError(message)
    .integer(message)
    .min(1, message)
    .max(max, message);
}
