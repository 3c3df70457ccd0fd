import { CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A row with a generated uuid and the time it was written: an order, a quote, a payment entry, a
 * status note. An entity that extends this class gets these two columns (TypeORM reads the
 * decorators of its parent classes).
 */
export abstract class RecordColumns {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
