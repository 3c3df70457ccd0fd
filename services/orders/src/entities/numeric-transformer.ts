import type { ValueTransformer } from 'typeorm';

/** pg returns numeric as text (exact); weights and tax percentages are decimal numbers in the API. */
export const decimalColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * Money: integer US cents in a bigint column named `<field>_cents`. pg returns bigint as text; any
 * amount of this store is far inside Number's exact integers (2^53 cents).
 */
export const centsColumn = { type: 'bigint' as const, transformer: decimalColumn };
