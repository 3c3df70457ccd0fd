import { Column, Entity, OneToMany, UpdateDateColumn } from 'typeorm';
import { centsColumn, decimalColumn } from './numeric-transformer.js';
import { OrderAddressEntity } from './order-address.entity.js';
import { OrderItemEntity } from './order-item.entity.js';
import { OrderPaymentEntity } from './order-payment.entity.js';
import { OrderQuoteColumns } from './order-quote-columns.js';
import { OrderStatusHistoryEntity } from './order-status-history.entity.js';

/** A placed order: the columns it shares with a quote (OrderQuoteColumns), its state and payment, and its child rows. */
@Entity({ name: 'orders' })
export class OrderEntity extends OrderQuoteColumns {
  /** "SF-100001": the number customers quote; set by the database from a sequence. */
  @Column({ name: 'order_increment_id', type: 'varchar', length: 32, insert: false, update: false })
  orderIncrementId!: string;

  @Column({ type: 'varchar', length: 32 })
  state!: string;

  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'payment_status', type: 'varchar', length: 32 })
  paymentStatus!: string;

  @Column({ name: 'customer_is_guest', type: 'boolean' })
  customerIsGuest!: boolean;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ name: 'shipping_tax_amount_cents', ...centsColumn })
  /** cents */
  shippingTaxAmount!: number;

  /** pounds */
  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: decimalColumn })
  weight!: number;

  @Column({ name: 'total_item_count', type: 'integer' })
  totalItemCount!: number;

  @Column({ name: 'email_sent', type: 'boolean', default: false })
  emailSent!: boolean;

  /** SHA-256 (hex) of the order token; never selected unless asked for. Null on orders placed before tokens. */
  @Column({ name: 'order_token_hash', type: 'char', length: 64, nullable: true, select: false })
  orderTokenHash!: string | null;

  /** The quote payment link whose token is the order token (its hash), for an order made from a quote: the token lives as long as the link. */
  @Column({ name: 'quote_payment_link_hash', type: 'char', length: 64, nullable: true, select: false })
  quotePaymentLinkHash!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => OrderItemEntity, (item) => item.order, { cascade: ['insert'] })
  items!: OrderItemEntity[];

  @OneToMany(() => OrderAddressEntity, (address) => address.order, { cascade: ['insert'] })
  addresses!: OrderAddressEntity[];

  @OneToMany(() => OrderPaymentEntity, (payment) => payment.order, { cascade: ['insert'] })
  payments!: OrderPaymentEntity[];

  @OneToMany(() => OrderStatusHistoryEntity, (entry) => entry.order, { cascade: ['insert'] })
  statusHistory!: OrderStatusHistoryEntity[];
}
