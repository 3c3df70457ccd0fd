import { isPlainObject, type FormField, type SubmissionField } from '@storefront/contracts';
import { fieldLabel, fieldTypeOf } from '@storefront/form-schema';
import { PASSWORD_HASH_PREFIX } from '../submissions/password-hash.js';

/**
 * A stored submission's answers as the back office shows them: one row per answered field in the
 * form's order (a group's fields are rows of their own, named `group.field`), as display text by the
 * field type's own rule (option labels, Yes/No, file names: what the staff e-mail shows), and the
 * stored text where that rule leaves a value out (a hidden field's source or product). Passwords
 * are never shown, not even hashed. Answers the definition no longer names follow, under their names.
 */

/** A password's stored form (`scrypt$N=…`): never shown, whichever field holds it. */
function isPasswordHash(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(PASSWORD_HASH_PREFIX) && /^scrypt\$N=\d+,r=\d+,p=\d+\$[\w-]+\$[\w-]+$/.test(value);
}

interface FileRef {
  fileId: string;
  name?: unknown;
}

function isFileRefList(value: unknown): value is FileRef[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => isPlainObject(item) && typeof item.fileId === 'string');
}

/** A value with every password hash taken out (inside lists and objects too). */
function withoutHashes(value: unknown): unknown {
  if (isPasswordHash(value)) return undefined;
  if (Array.isArray(value)) return value.map(withoutHashes).filter((item) => item !== undefined);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (isPasswordHash(item) ? [] : [[key, withoutHashes(item)]])));
  return value;
}

/** A stored value as plain text: lists joined with ", ", files by name, objects as JSON; '' for nothing. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined || isPasswordHash(value)) return '';
  if (isFileRefList(value)) return value.map((ref) => (typeof ref.name === 'string' ? ref.name : ref.fileId)).join(', ');
  if (Array.isArray(value)) return value.map(plainText).filter((text) => text !== '').join(', ');
  if (isPlainObject(value)) return JSON.stringify(withoutHashes(value));
  return String(value);
}

/** The answers of `data` by the definition's `fields` (empty when the form has no definition any more). */
export function shownFields(fields: readonly FormField[], data: Record<string, unknown>): SubmissionField[] {
  const rows: SubmissionField[] = [];
  const seen = new Set<string>();
  const walk = (list: readonly FormField[], values: Record<string, unknown>, prefix: string): void => {
    for (const field of list) {
      const type = fieldTypeOf(field);
      const name = `${prefix}${field.name}`;
      if (seen.has(name)) continue; // a multi-step form may name a field on two steps
      seen.add(name);
      const value = values[field.name];
      if (type.secret) continue;
      if (type.group) {
        // read flat values too when the group's are not nested (as the e-mail does)
        walk(field.fields ?? [], isPlainObject(value) ? value : values, `${name}.`);
        continue;
      }
      if (value === undefined || isPasswordHash(value)) continue;
      const text = type.emailText(field, value) ?? plainText(value);
      if (text !== '') rows.push({ name, label: fieldLabel(field), value: text });
    }
  };
  walk(fields, data, '');
  // answers stored under names the definition no longer has (or a form without one): never dropped
  const namesIn = (list: readonly FormField[]): string[] => list.flatMap((field) => [field.name, ...namesIn(field.fields ?? [])]);
  const named = new Set(namesIn(fields));
  for (const [name, value] of Object.entries(data)) {
    if (named.has(name) || seen.has(name)) continue;
    const text = plainText(value);
    if (text !== '') rows.push({ name, label: name, value: text });
  }
  return rows;
}

/** The stored files' ids in the order the answers name them (field by field, as sent). */
export function fileOrder(data: Record<string, unknown>, fields: readonly FormField[]): Map<string, number> {
  const order = new Map<string, number>();
  const names = [...new Set([...fields.map((field) => field.name), ...Object.keys(data)])];
  for (const name of names) {
    const value = data[name];
    if (isFileRefList(value)) for (const ref of value) if (!order.has(ref.fileId)) order.set(ref.fileId, order.size);
  }
  return order;
}
