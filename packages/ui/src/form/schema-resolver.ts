import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { AnyObjectSchema, ISchema } from 'yup';

/**
 * A react-hook-form resolver for a yup object schema (a contracts request schema, a form
 * definition's built schema). The form's values type is the page's own (`useForm<V>`): a schema
 * built at run time (a form definition's) has no static shape to infer it from.
 *
 * The parameter is yup's schema interface with an object output, not `AnyObjectSchema`: the native
 * TypeScript compiler (7) finds a shaped `ObjectSchema` not assignable to `ObjectSchema<any, ...>`
 * through the overloads of its `concat`, where 5.9 did. The one cast to the resolver's type is here.
 */
export function schemaResolver<V extends FieldValues>(schema: ISchema<object | undefined>): Resolver<V> {
  return yupResolver(schema as AnyObjectSchema);
}
