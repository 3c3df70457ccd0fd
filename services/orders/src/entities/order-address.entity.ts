import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { OrderEntity } from './order.entity.js';

@Entity({ name: 'order_addresses' })
export class OrderAddressEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @ManyToOne('OrderEntity', 'addresses', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'order_id' })
  order!: Relation<OrderEntity>;

  /** billing or shipping */
  @Column({ type: 'varchar', length: 16 })
  type!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 50 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 50 })
  lastName!: string;

  @Column({ type: 'varchar', length: 255 })
  street1!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  street2!: string | null;

  @Column({ type: 'varchar', length: 100 })
  city!: string;

  @Column({ type: 'varchar', length: 64 })
  state!: string;

  @Column({ name: 'zip_code', type: 'varchar', length: 10 })
  zipCode!: string;

  @Column({ name: 'country_id', type: 'varchar', length: 2 })
  countryId!: string;

  @Column({ name: 'phone_number', type: 'varchar', length: 32 })
  phoneNumber!: string;
}
