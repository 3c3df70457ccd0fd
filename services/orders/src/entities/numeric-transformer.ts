import type { ValueTransformer } from 'typeorm';

/** pg returns numeric(12,2) as text (exact); amounts are 2-decimal numbers in the API. */
export const amountColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
