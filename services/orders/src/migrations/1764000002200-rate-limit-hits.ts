import { RATE_LIMIT_HITS_DDL } from '@storefront/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The rate limit's counters (service-kit's createRateLimitModule), shared by the service's replicas. */
export class RateLimitHits1764000002200 implements MigrationInterface {
  name = 'RateLimitHits1764000002200';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of RATE_LIMIT_HITS_DDL) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rate_limit_hits`);
  }
}
