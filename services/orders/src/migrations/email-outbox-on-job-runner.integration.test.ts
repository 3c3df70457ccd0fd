import { createSchemaDatabase, schemaDataSource } from '@storefront/service-kit';
import type { DataSource } from 'typeorm';
import { EMAIL_JOB_RUNNER_MIGRATIONS, EMAIL_MIGRATIONS } from '../email/index.js';
import { CreateOrders1764000000100 } from './1764000000100-create-orders.js';
import { RecordPaymentReports1764000000200 } from './1764000000200-record-payment-reports.js';
import { OrderTokenAndIdempotency1764000000300 } from './1764000000300-order-token-and-idempotency.js';
import { AmountsInCents1764000000700 } from './1764000000700-amounts-in-cents.js';

/**
 * The outbox of the former lease/backoff worker, moved onto the job runner: nothing queued is lost
 * (a row a worker held is queued again and waits for its job), the lease columns go, and back.
 */
const schema = `orders_outbox_${process.pid}_${Date.now().toString(36)}`;
const BEFORE = [CreateOrders1764000000100, RecordPaymentReports1764000000200, OrderTokenAndIdempotency1764000000300, ...EMAIL_MIGRATIONS, AmountsInCents1764000000700];

const dataSource = (migrations: (typeof BEFORE)[number][]) => schemaDataSource(schema, { migrations });

let db: DataSource;

beforeAll(async () => {
  const setup = await createSchemaDatabase(schema, { migrations: BEFORE });
  for (const [key, status] of [
    ['order-confirmation:queued', 'queued'],
    ['order-confirmation:sending', 'sending'],
    ['order-confirmation:sent', 'sent'],
    ['order-confirmation:failed', 'failed'],
  ]) {
    await setup.query(
      `INSERT INTO email_outbox (kind, dedupe_key, recipient, subject, html, text, status, attempts, locked_until)
       VALUES ('order-confirmation', $1, 'ann@example.com', 'Hi', '<p>Hi</p>', 'Hi', $2::varchar, 1, CASE WHEN $2::varchar = 'sending' THEN now() END)`,
      [key, status],
    );
  }
  await setup.query(`INSERT INTO mailbox_message ("to", subject, text, html) VALUES ('ann@example.com', 'Hi', 'Hi', '<p>Hi</p>')`);
  await setup.destroy();
  db = dataSource([...BEFORE, ...EMAIL_JOB_RUNNER_MIGRATIONS]);
  await db.initialize();
  await db.runMigrations();
});

afterAll(async () => {
  await db?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.destroy();
});

const columns = async (table: string): Promise<string[]> =>
  (await db.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY column_name`, [schema, table])).map(
    (row: { column_name: string }) => row.column_name,
  );

it('queues again what a worker held, keeps every row without a job until the service adopts it, and drops the lease', async () => {
  expect(await db.query(`SELECT dedupe_key, status, job_id FROM email_outbox ORDER BY dedupe_key`)).toEqual([
    { dedupe_key: 'order-confirmation:failed', status: 'failed', job_id: null },
    { dedupe_key: 'order-confirmation:queued', status: 'queued', job_id: null },
    { dedupe_key: 'order-confirmation:sending', status: 'queued', job_id: null },
    { dedupe_key: 'order-confirmation:sent', status: 'sent', job_id: null },
  ]);
  const outbox = await columns('email_outbox');
  expect(outbox).toContain('job_id');
  expect(outbox).not.toContain('locked_until');
  expect(outbox).not.toContain('next_attempt_at');
  await expect(db.query(`UPDATE email_outbox SET status = 'sending'`)).rejects.toThrow(/email_outbox_status_check/);
  expect(await db.query(`SELECT message_id FROM mailbox_message`)).toEqual([{ message_id: null }]);
});

it('goes back to the lease columns', async () => {
  await db.undoLastMigration();
  const outbox = await columns('email_outbox');
  expect(outbox).toEqual(expect.arrayContaining(['locked_until', 'next_attempt_at']));
  expect(outbox).not.toContain('job_id');
  expect(await columns('mailbox_message')).not.toContain('message_id');
  await db.query(`UPDATE email_outbox SET status = 'sending' WHERE dedupe_key = 'order-confirmation:queued'`);
  await db.runMigrations();
  expect(await columns('email_outbox')).toContain('job_id');
});
