import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';

/**
 * A react-hook-form resolver for a yup object schema (a contracts request schema, a form
 * definition's built schema). The form's values type is the page's own (`useForm<V>`): a schema
 * built at run time (a form definition's) has no static shape to infer it from.
 */
export function schemaResolver<V extends FieldValues>(schema: AnyObjectSchema): Resolver<V> {
  return yupResolver(schema);
}
