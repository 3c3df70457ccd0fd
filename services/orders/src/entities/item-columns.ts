import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { centsColumn } from './numeric-transformer.js';

/** What an order's line and a quote's line both record; each table adds its own (finish, tax, notes). */
export abstract class ItemColumns {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** the line's place in the cart or the quote, so it reads back in the order it was written */
  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'varchar', length: 64 })
  sku!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'integer' })
  qty!: number;

  @Column({ name: 'price_cents', ...centsColumn })
  /** cents: the unit price */
  price!: number;

  @Column({ name: 'row_total_cents', ...centsColumn })
  /** cents */
  rowTotal!: number;
}
