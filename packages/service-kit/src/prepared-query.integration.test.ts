import { randomBytes } from 'node:crypto';
import { DataSource, QueryFailedError } from 'typeorm';
import { preparedQuery } from './prepared-query.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');

describe('preparedQuery', () => {
  const schema = `kit_${randomBytes(4).toString('hex')}`;
  const dataSource = new DataSource({ type: 'postgres', url, extra: { options: `-c search_path=${schema},public` }, poolSize: 1 });

  beforeAll(async () => {
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA "${schema}"`);
    await dataSource.query(`CREATE TABLE "${schema}".note (id serial PRIMARY KEY, body text NOT NULL UNIQUE)`);
  });
  afterAll(async () => {
    await dataSource.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await dataSource.destroy();
  });

  const insert = 'INSERT INTO note (body) VALUES ($1) RETURNING id, body';

  it('answers the rows manager.query answers, from a statement the connection prepared once', async () => {
    const answers = await dataSource.transaction(async (manager) => [
      await preparedQuery<{ id: number; body: string }>(manager, insert, ['first']),
      await preparedQuery<{ id: number; body: string }>(manager, insert, ['second']),
    ]);
    expect(answers.map(([row]) => row?.body)).toEqual(['first', 'second']);
    // the pool's one connection holds it prepared, under one name, with the text it was given
    const prepared = (await dataSource.query(`SELECT name, statement FROM pg_prepared_statements WHERE statement = $1`, [insert])) as { name: string }[];
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.name).toMatch(/^sf_[0-9a-f]{24}$/);
  });

  it('fails as manager.query fails (QueryFailedError with the driver error), and the transaction rolls back', async () => {
    const failure = dataSource.transaction(async (manager) => {
      await preparedQuery(manager, insert, ['kept only if committed']);
      await preparedQuery(manager, insert, ['first']);
    });
    await expect(failure).rejects.toBeInstanceOf(QueryFailedError);
    await expect(failure).rejects.toMatchObject({ driverError: { code: '23505' } });
    expect(await dataSource.query(`SELECT 1 FROM note WHERE body = 'kept only if committed'`)).toHaveLength(0);
  });

  it('runs through manager.query where there is no transaction of its own', async () => {
    const [row] = await preparedQuery<{ body: string }>(dataSource.manager, insert, ['outside']);
    expect(row?.body).toBe('outside');
  });
});
