import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { openServiceDataSource } from './database.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    // Slow on purpose: without the lock a second replica would run this too and fail on CREATE.
    await queryRunner.query('SELECT pg_sleep(0.3)');
    await queryRunner.query('CREATE TABLE widget (id serial PRIMARY KEY, name text NOT NULL)');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE widget');
  }
}

describe('openServiceDataSource', () => {
  const schema = `kit_${randomBytes(4).toString('hex')}`;

  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('lets replicas that start together migrate one schema once, without failing', async () => {
    const options = {
      type: 'postgres' as const,
      url,
      schema,
      migrations: [CreateWidgets1700000000000],
      migrationsTableName: 'migrations',
      extra: { options: `-c search_path=${schema},public` },
    };
    const replicas = await Promise.all([openServiceDataSource(options, schema), openServiceDataSource(options, schema), openServiceDataSource(options, schema)]);
    try {
      const [first] = replicas;
      const applied = await first!.query(`SELECT name FROM "${schema}".migrations`);
      expect(applied).toEqual([{ name: 'CreateWidgets1700000000000' }]);
      await first!.query(`INSERT INTO "${schema}".widget (name) VALUES ('door')`);
      expect(await replicas[2]!.query(`SELECT name FROM "${schema}".widget`)).toEqual([{ name: 'door' }]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.destroy()));
    }
  });
});
