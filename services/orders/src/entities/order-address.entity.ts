import { Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { AddressColumns } from './address-columns.js';
import type { OrderRef } from './order-ref.js';

@Entity({ name: 'order_addresses' })
export class OrderAddressEntity extends AddressColumns {
  @ManyToOne('OrderEntity', 'addresses', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'order_id' })
  order!: Relation<OrderRef>;
}
