import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Spec §3 review: a reviewer's profile picture (an /images/ path or an https address), optional. */
export class ReviewProfilePicture1795400000000 implements MigrationInterface {
  name = 'ReviewProfilePicture1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reviews ADD COLUMN profile_picture varchar(500)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE reviews DROP COLUMN profile_picture');
  }
}
