/**
 * Stripe's request bodies and query strings are form-encoded with bracketed keys
 * (`metadata[orderId]=1`, `expand[0]=payment_method`, `card[exp_month]=12`): this reads them into
 * nested objects (numeric keys become arrays), the way Stripe's API reads what its SDKs send.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function setPath(target: FormObject, path: string[], value: string): void {
  let node: FormObject = target;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    const key = segment === '' ? String(Object.keys(node).length) : segment;
    if (last) node[key] = value;
    else {
      const next = node[key];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
      node = node[key] as FormObject;
    }
  });
}

function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arrays(value[key]!)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
}

export function parseForm(text: string): FormObject {
  const result: FormObject = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    setPath(result, path, value);
  }
  return arrays(result) as FormObject;
}

export const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
export const list = (value: FormValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : typeof value === 'string' ? [value] : [];
export const record = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
