import { isPlainObject, type FormField } from '@storefront/contracts';

/** An option's label for a stored value (a value no longer offered shows as itself). */
function optionLabel(field: FormField, value: unknown): string {
  const option = field.options?.find((candidate) => candidate.value === String(value));
  return option?.label ?? String(value);
}

/** A typed or chosen answer as an e-mail shows it: option labels for option values, lists joined; null when empty. */
export function answerText(field: FormField, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) {
    const shown = value.filter((entry) => entry !== null && entry !== undefined && entry !== '').map((entry) => optionLabel(field, entry));
    return shown.length > 0 ? shown.join(', ') : null;
  }
  if (typeof value === 'object') return null;
  return field.options ? optionLabel(field, value) : String(value);
}

/** A tick box reads Yes or No. */
export function tickText(field: FormField, value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return answerText(field, value);
}

/** The names of uploaded files (never their contents): strings, or objects naming the file. */
function fileNames(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((entry) => {
    if (typeof entry === 'string') return [entry.split(/[\\/]/).pop() ?? entry];
    if (isPlainObject(entry)) {
      const name = entry.originalName ?? entry.originalname ?? entry.fileName ?? entry.filename ?? entry.name;
      return typeof name === 'string' ? [name] : [];
    }
    return [];
  });
}

export function fileNamesText(_field: FormField, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const names = fileNames(value);
  return names.length > 0 ? names.join(', ') : null;
}

/** Secrets and values the shopper never typed stay out of e-mails. */
export function neverShown(): null {
  return null;
}
