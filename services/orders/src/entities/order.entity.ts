import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { centsColumn, decimalColumn } from './numeric-transformer.js';
import { OrderAddressEntity } from './order-address.entity.js';
import { OrderItemEntity } from './order-item.entity.js';
import { OrderPaymentEntity } from './order-payment.entity.js';
import { OrderStatusHistoryEntity } from './order-status-history.entity.js';


@Entity({ name: 'orders' })
export class OrderEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** "SF-100001": the number customers quote; set by the database from a sequence. */
  @Column({ name: 'order_increment_id', type: 'varchar', length: 32, insert: false, update: false })
  orderIncrementId!: string;

  @Column({ type: 'varchar', length: 32 })
  state!: string;

  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'payment_status', type: 'varchar', length: 32 })
  paymentStatus!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 50 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 50 })
  lastName!: string;

  @Column({ name: 'customer_is_guest', type: 'boolean' })
  customerIsGuest!: boolean;

  @Column({ name: 'customer_id', type: 'varchar', length: 64, nullable: true })
  customerId!: string | null;

  @Column({ name: 'po_number', type: 'varchar', length: 64, nullable: true })
  poNumber!: string | null;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ name: 'subtotal_cents', ...centsColumn })
  /** cents */
  subtotal!: number;

  @Column({ name: 'shipping_amount_cents', ...centsColumn })
  /** cents */
  shippingAmount!: number;

  @Column({ name: 'shipping_tax_amount_cents', ...centsColumn })
  /** cents */
  shippingTaxAmount!: number;

  @Column({ name: 'shipping_method', type: 'varchar', length: 64 })
  shippingMethod!: string;

  @Column({ name: 'shipping_label', type: 'varchar', length: 128 })
  shippingLabel!: string;

  @Column({ name: 'tax_amount_cents', ...centsColumn })
  /** cents */
  taxAmount!: number;

  @Column({ name: 'discount_amount_cents', ...centsColumn })
  /** cents */
  discountAmount!: number;

  @Column({ name: 'total_cents', ...centsColumn })
  /** cents */
  total!: number;

  /** pounds */
  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: decimalColumn })
  weight!: number;

  @Column({ name: 'total_item_count', type: 'integer' })
  totalItemCount!: number;

  @Column({ name: 'additional_notes', type: 'text', nullable: true })
  additionalNotes!: string | null;

  @Column({ name: 'email_sent', type: 'boolean', default: false })
  emailSent!: boolean;

  @Column({ name: 'split_payment_enabled', type: 'boolean', default: false })
  splitPaymentEnabled!: boolean;

  @Column({ name: 'minimum_split_amount_cents', ...centsColumn, nullable: true })
  /** cents */
  minimumSplitAmount!: number | null;

  /** SHA-256 (hex) of the order token; never selected unless asked for. Null on orders placed before tokens. */
  @Column({ name: 'order_token_hash', type: 'char', length: 64, nullable: true, select: false })
  orderTokenHash!: string | null;

  /** The quote payment link whose token is the order token (its hash), for an order made from a quote: the token lives as long as the link. */
  @Column({ name: 'quote_payment_link_hash', type: 'char', length: 64, nullable: true, select: false })
  quotePaymentLinkHash!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

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
