import { useFormContext } from 'react-hook-form';
import type { FieldProps } from './types.js';

/** A value the form carries without showing it (e.g. the page it was sent from). */
export function HiddenField({ name }: FieldProps) {
  const { register } = useFormContext();
  return <input {...register(name)} type="hidden" />;
}
