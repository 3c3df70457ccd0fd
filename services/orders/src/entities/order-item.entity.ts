import { Column, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { ItemColumns } from './item-columns.js';
import { centsColumn, decimalColumn } from './numeric-transformer.js';
import type { OrderRef } from './order-ref.js';

/** A line of an order: the columns it shares with a quote's line (ItemColumns), its style, weights, tax and finish. */
@Entity({ name: 'order_items' })
export class OrderItemEntity extends ItemColumns {
  @ManyToOne('OrderEntity', 'items', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'order_id' })
  order!: Relation<OrderRef>;

  @Column({ name: 'style_name', type: 'varchar', length: 64 })
  styleName!: string;

  @Column({ name: 'original_price_cents', ...centsColumn })
  /** cents */
  originalPrice!: number;

  @Column({ name: 'price_incl_tax_cents', ...centsColumn })
  /** cents */
  priceInclTax!: number;

  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: decimalColumn })
  weight!: number;

  @Column({ name: 'row_weight', type: 'numeric', precision: 10, scale: 2, transformer: decimalColumn })
  rowWeight!: number;

  @Column({ name: 'tax_percent', type: 'numeric', precision: 6, scale: 3, transformer: decimalColumn })
  taxPercent!: number;

  @Column({ name: 'tax_amount_cents', ...centsColumn })
  /** cents */
  taxAmount!: number;

  @Column({ name: 'row_total_incl_tax_cents', ...centsColumn })
  /** cents */
  rowTotalInclTax!: number;

  /** the finish: [{ type, label, value }] */
  @Column({ name: 'custom_options', type: 'jsonb', default: () => "'[]'::jsonb" })
  customOptions!: { type: string; label: string; value?: string }[];
}
