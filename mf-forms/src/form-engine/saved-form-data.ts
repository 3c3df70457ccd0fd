import type { FormField, FormValues } from '@storefront/contracts';
import { fieldTypeOf } from '@storefront/form-schema';

/**
 * Spec §4: "Saved form data is cached per form name". A shopper who reloads or comes back to the page
 * in the same tab finds what they typed. sessionStorage, not localStorage: a form's answers (names,
 * phone numbers) should not outlive the tab on a shared computer. Passwords and files are never saved.
 */
const KEY_PREFIX = 'sf-form-data:';

export function savedFormDataKey(formName: string): string {
  return KEY_PREFIX + formName;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // storage switched off (privacy mode): the form simply is not cached
    return undefined;
  }
}

export function readSavedFormData<T>(formName: string): T | undefined {
  const text = storage()?.getItem(savedFormDataKey(formName));
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function writeSavedFormData(formName: string, data: unknown): void {
  try {
    storage()?.setItem(savedFormDataKey(formName), JSON.stringify(data));
  } catch {
    // quota or storage off: losing the cache is fine, the form still works
  }
}

export function clearSavedFormData(formName: string): void {
  storage()?.removeItem(savedFormDataKey(formName));
}

/** The values worth keeping: every field's but passwords and files (nested groups included). */
export function storableValues(fields: readonly FormField[], values: FormValues): FormValues {
  const kept: FormValues = {};
  for (const field of fields) {
    const type = fieldTypeOf(field);
    if (!type.storable || !(field.name in values)) continue;
    const value = values[field.name];
    kept[field.name] =
      type.group && typeof value === 'object' && value !== null ? storableValues(field.fields ?? [], value as FormValues) : value;
  }
  return kept;
}

/** Saved values over the defaults, only for fields the definition still has (a form may change between visits). */
export function restoreValues(fields: readonly FormField[], defaults: FormValues, saved: FormValues | undefined): FormValues {
  if (!saved || typeof saved !== 'object') return defaults;
  const restored: FormValues = { ...defaults };
  for (const field of fields) {
    const type = fieldTypeOf(field);
    if (!(field.name in saved) || !type.storable) continue;
    const value = saved[field.name];
    restored[field.name] =
      type.group && typeof value === 'object' && value !== null
        ? restoreValues(field.fields ?? [], (defaults[field.name] ?? {}) as FormValues, value as FormValues)
        : value;
  }
  return restored;
}
