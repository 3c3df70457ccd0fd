import { Column, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The address fields of spec §3 ("Order address"), as columns: an order's addresses and a quote's
 * are the same thing, stored in tables of their own (order_addresses, quote_address). TypeORM gives
 * an entity that extends this class these columns.
 */
export abstract class AddressColumns {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

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
