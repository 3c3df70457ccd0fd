import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, type Relation } from 'typeorm';
import { AddressColumns } from '../entities/address-columns.js';
import { ItemColumns } from '../entities/item-columns.js';
import { OrderQuoteColumns } from '../entities/order-quote-columns.js';

/**
 * A quote staff prepared for a customer (spec §3 Quote): what it costs, who it is for, where it
 * ships, in the columns an order has too (OrderQuoteColumns). Paid through a payment link
 * (QuotePaymentLinkEntity), after which it becomes an order (`orderId`) and reads `ordered`.
 */
@Entity({ name: 'quote' })
export class QuoteEntity extends OrderQuoteColumns {
  /** "Q-100001": set by the database from its own sequence (orders count apart, SF-…). */
  @Column({ name: 'quote_increment_id', type: 'varchar', length: 32, insert: false, update: false })
  quoteIncrementId!: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone!: string | null;

  /** ready_to_order, then ordered once paid (a check constraint holds it to those) */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  /** the order the quote became once paid */
  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @OneToMany(() => QuoteItemEntity, (item) => item.quote, { cascade: ['insert'] })
  items!: QuoteItemEntity[];

  @OneToMany(() => QuoteAddressEntity, (address) => address.quote, { cascade: ['insert'] })
  addresses!: QuoteAddressEntity[];
}

/** A line of a quote: the columns it shares with an order's line (ItemColumns) and staff's notes. */
@Entity({ name: 'quote_item' })
export class QuoteItemEntity extends ItemColumns {
  @ManyToOne(() => QuoteEntity, (quote) => quote.items, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'quote_id' })
  quote!: Relation<QuoteEntity>;

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
