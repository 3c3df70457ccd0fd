import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { AddressColumns } from '../entities/address-columns.js';
import { centsColumn } from '../entities/numeric-transformer.js';

/**
 * A quote staff prepared for a customer (spec §3 Quote): what it costs, who it is for, where it
 * ships. Paid through a payment link (QuotePaymentLinkEntity), after which it becomes an order
 * (`orderId`) and reads `ordered`. Amounts are integer cents computed by the server.
 */
@Entity({ name: 'quote' })
export class QuoteEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** "Q-100001": set by the database from its own sequence (orders count apart, SF-…). */
  @Column({ name: 'quote_increment_id', type: 'varchar', length: 32, insert: false, update: false })
  quoteIncrementId!: string;

  @Column({ name: 'po_number', type: 'varchar', length: 64, nullable: true })
  poNumber!: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 50 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 50 })
  lastName!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone!: string | null;

  /** ready_to_order, then ordered once paid (a check constraint holds it to those) */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'shipping_method', type: 'varchar', length: 64 })
  shippingMethod!: string;

  @Column({ name: 'shipping_label', type: 'varchar', length: 128 })
  shippingLabel!: string;

  @Column({ name: 'additional_notes', type: 'text', nullable: true })
  additionalNotes!: string | null;

  @Column({ name: 'subtotal_cents', ...centsColumn })
  /** cents: the sum of the row totals */
  subtotal!: number;

  @Column({ name: 'shipping_amount_cents', ...centsColumn })
  /** cents, as staff set it */
  shippingAmount!: number;

  @Column({ name: 'tax_amount_cents', ...centsColumn })
  /** cents, as staff set it */
  taxAmount!: number;

  @Column({ name: 'discount_amount_cents', ...centsColumn })
  /** cents, as staff set it */
  discountAmount!: number;

  @Column({ name: 'total_cents', ...centsColumn })
  /** cents: subtotal + shipping + tax − discount */
  total!: number;

  @Column({ name: 'split_payment_enabled', type: 'boolean', default: false })
  splitPaymentEnabled!: boolean;

  @Column({ name: 'minimum_split_amount_cents', ...centsColumn, nullable: true })
  /** cents */
  minimumSplitAmount!: number | null;

  /** the signed-in customer who paid it through its link (My Quotes); null for a guest */
  @Column({ name: 'customer_id', type: 'varchar', length: 64, nullable: true })
  customerId!: string | null;

  /** the order the quote became once paid */
  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @OneToMany(() => QuoteItemEntity, (item) => item.quote, { cascade: ['insert'] })
  items!: QuoteItemEntity[];

  @OneToMany(() => QuoteAddressEntity, (address) => address.quote, { cascade: ['insert'] })
  addresses!: QuoteAddressEntity[];
}

@Entity({ name: 'quote_item' })
export class QuoteItemEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @ManyToOne(() => QuoteEntity, (quote) => quote.items, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'quote_id' })
  quote!: Relation<QuoteEntity>;

  /** the line's place in the quote, so it reads back as staff wrote it */
  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'varchar', length: 64 })
  sku!: string;

  @Column({ type: 'integer' })
  qty!: number;

  @Column({ name: 'price_cents', ...centsColumn })
  /** cents: the unit price */
  price!: number;

  @Column({ name: 'row_total_cents', ...centsColumn })
  /** cents: price × qty */
  rowTotal!: number;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;
}

/** The order address fields of §3, for a quote. */
@Entity({ name: 'quote_address' })
export class QuoteAddressEntity extends AddressColumns {
  @ManyToOne(() => QuoteEntity, (quote) => quote.addresses, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'quote_id' })
  quote!: Relation<QuoteEntity>;
}

/**
 * A payment link of a quote: only the SHA-256 of its token is stored (the token itself is handed
 * out once, in the link). Issuing a new link revokes every older one of the quote.
 */
@Entity({ name: 'quote_payment_link' })
export class QuotePaymentLinkEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'quote_id', type: 'uuid' })
  quoteId!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

export const QUOTE_ENTITIES = [QuoteEntity, QuoteItemEntity, QuoteAddressEntity, QuotePaymentLinkEntity];
