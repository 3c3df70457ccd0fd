import * as yup from 'yup';
import type { FormDefinition, FormField, FormValues } from '@storefront/contracts';
import { fieldSchema } from './field-rules.js';
import { matchesHideWhen } from './hide-when.js';

export interface BuildFormSchemaOptions {
  /** Only these fields (e.g. one step of a multi-step form); default all. */
  fieldNames?: readonly string[];
}

/**
 * A field with hideWhen becomes a yup `when` on the field it watches: while the condition matches
 * the field is stripped (so never required, never stored). `when` also makes yup read the watched
 * field first, so the condition always sees its cast value.
 */
function withHideWhen(field: FormField, schema: yup.Schema): yup.Schema {
  const condition = field.hideWhen;
  if (!condition) return schema;
  return schema.when(condition.field, {
    is: (watched: unknown) => matchesHideWhen(condition, { [condition.field]: watched }),
    then: () => yup.mixed().strip(),
  });
}

function objectSchema(fields: readonly FormField[]): yup.ObjectSchema<FormValues> {
  const shape: Record<string, yup.Schema> = {};
  for (const field of fields) {
    shape[field.name] = withHideWhen(field, fieldSchema(field, objectSchema));
  }
  return yup.object(shape) as unknown as yup.ObjectSchema<FormValues>;
}

/** One form definition -> the yup rules, with the spec's messages, shared by the browser and the forms service. */
export function buildFormSchema(definition: Pick<FormDefinition, 'fields'>, options: BuildFormSchemaOptions = {}): yup.ObjectSchema<FormValues> {
  const wanted = options.fieldNames ? new Set(options.fieldNames) : undefined;
  const fields = wanted ? definition.fields.filter((field) => wanted.has(field.name)) : definition.fields;
  return objectSchema(fields);
}
