import type { FieldOption, FormField } from '@storefront/contracts';

export interface FieldProps {
  field: FormField;
  /** react-hook-form path: the field's name, or "group.field" inside a group */
  name: string;
  /** id prefix unique to this form on the page */
  formId: string;
  error?: string;
  /** options still shown (their hideWhen not matching) */
  options: FieldOption[];
}

export function labelText(field: FormField): string {
  return field.label ?? field.name;
}
