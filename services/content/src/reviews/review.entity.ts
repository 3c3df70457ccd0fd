import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A customer review shown on the site; the summary (average, count) is computed from these rows. */
@Entity({ name: 'reviews' })
export class Review {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Identifies the review in content/data/reviews.json so seeding on every boot adds nothing twice. */
  @Column({ name: 'source_key', type: 'varchar', length: 64, unique: true })
  sourceKey!: string;

  @Column({ name: 'author_name', type: 'varchar', length: 200 })
  authorName!: string;

  /** 1 to 5 in half steps (numeric(2,1): PostgreSQL sends it as a string, read back as a number) */
  @Column({ type: 'numeric', precision: 2, scale: 1, transformer: { to: (value: number) => value, from: (value: string | null) => (value === null ? null : Number(value)) } })
  rating!: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  platform!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  location!: string | null;

  @Column({ name: 'review_text', type: 'text', nullable: true })
  reviewText!: string | null;

  @Column({ name: 'profile_picture', type: 'varchar', length: 500, nullable: true })
  profilePicture!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
