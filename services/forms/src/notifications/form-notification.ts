import {
  allFormFields,
  isPlainEmailAddress,
  isPlainObject,
  type FormDefinition,
  type FormField,
  type FormNotification,
  type FormNotificationField,
} from '@storefront/contracts';
import { fieldTypeOf } from '@storefront/form-schema';
import { completesSubmission } from '../submissions/form-steps.js';

/** One answer in an e-mail; longer text is cut (the stored submission keeps all of it). */
export const MAX_VALUE_LENGTH = 3000;

/**
 * Whether this request gets e-mails: the definition asks for them (content), the browser sent
 * `emailNotifications` (it does only on the final submit, not on a step's Next or the estimator's PDF
 * download) and the submission is complete by the definition (single-step, or its last step). Only
 * the fact that the browser asked is used: recipients and templates come from content.
 */
export function wantsNotification(definition: FormDefinition, requested: unknown, formData: unknown): boolean {
  if (definition.emailNotifications?.sendSuccessEmail !== true) return false;
  if (!isPlainObject(requested) || requested.sendSuccessEmail === false) return false;
  return completesSubmission(definition, formData);
}

/**
 * A stored value as the e-mail shows it, or null for a field left empty: the field type's own rule
 * (`@storefront/form-schema`'s registry: option labels, Yes/No for a tick box, file names, never a secret).
 */
export function displayValue(field: FormField, value: unknown): string | null {
  return fieldTypeOf(field).emailText(field, value);
}

/** Every non-group field with its stored value, in the definition's order; a group's values sit under its name. */
function leafFields(fields: readonly FormField[], values: Record<string, unknown>): { field: FormField; value: unknown }[] {
  return fields.flatMap((field) => {
    if (!fieldTypeOf(field).group) return [{ field, value: values[field.name] }];
    // read flat values too when the group's are not nested, so either shape works
    const nested = isPlainObject(values[field.name]) ? (values[field.name] as Record<string, unknown>) : values;
    return leafFields(field.fields ?? [], nested);
  });
}

/** Label/value rows in the definition's order; a group's sub-fields are rows of their own. */
export function notificationFields(fields: readonly FormField[], values: Record<string, unknown>): FormNotificationField[] {
  const rows: FormNotificationField[] = [];
  for (const { field, value } of leafFields(fields, values)) {
    const shown = displayValue(field, value);
    if (shown === null) continue;
    // e-mails stay well inside the orders service's body limit whatever a field allows
    const cut = shown.length > MAX_VALUE_LENGTH ? `${shown.slice(0, MAX_VALUE_LENGTH)}…` : shown;
    rows.push({ label: field.label?.trim() || field.name, value: cut });
  }
  return rows;
}

/** The value of the form's first `email` field (groups included), when it is a usable address. */
export function submitterEmailOf(fields: readonly FormField[], values: Record<string, unknown>): string | null {
  const first = leafFields(fields, values).find(({ field }) => field.type === 'email');
  const value = typeof first?.value === 'string' ? first.value.trim() : '';
  return isPlainEmailAddress(value) ? value : null;
}

function submitterNameOf(values: Record<string, unknown>): string | undefined {
  const text = (key: string): string => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  const name = text('fullName') || text('name') || [text('firstName'), text('lastName')].filter(Boolean).join(' ');
  return name || undefined;
}

/** The notification of a complete form submission, from the stored values and the definition. */
export function formNotificationFor(definition: FormDefinition, submissionId: string, values: Record<string, unknown>): FormNotification {
  const fields = allFormFields(definition);
  const name = submitterNameOf(values);
  return {
    formName: definition.name,
    formTitle: definition.title?.trim() || definition.name,
    submissionId,
    kind: 'form',
    ...(definition.emailNotifications?.emailTemplateId ? { templateId: definition.emailNotifications.emailTemplateId } : {}),
    submitterEmail: submitterEmailOf(fields, values),
    ...(name ? { submitterName: name } : {}),
    fields: notificationFields(fields, values),
  };
}
