import type { FormField } from '@storefront/contracts';
import { DEFAULT_MAX_FILE_SIZE_MB, normalizeFileType } from '@storefront/form-schema';

/** "image/jpeg" -> "JPEG", ".pdf" -> "PDF": the kinds of file a person recognises. */
function kindName(entry: string): string {
  const normalized = normalizeFileType(entry);
  if (normalized.startsWith('.')) return normalized.slice(1).toUpperCase();
  const [type, subtype = ''] = normalized.split('/');
  return subtype === '*' ? `${type} files` : subtype.toUpperCase();
}

/** What a file field takes, under its drop zone: types, size per file, how many. */
export function fileHint(field: FormField): string {
  const parts: string[] = [];
  const kinds = [...new Set((field.fileTypes ?? []).filter((entry) => normalizeFileType(entry) !== '').map(kindName))];
  if (kinds.length > 0) parts.push(kinds.join(', '));
  parts.push(`up to ${field.maxFileSize ?? DEFAULT_MAX_FILE_SIZE_MB} MB each`);
  if (field.maxFiles !== undefined) parts.push(field.maxFiles === 1 ? 'one file' : `at most ${field.maxFiles} files`);
  return `${parts.join(', ')}.`.replace(/^./, (first) => first.toUpperCase());
}
