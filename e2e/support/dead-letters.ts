import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { FormNotification } from '@storefront/contracts';
import PgBoss from 'pg-boss';
import { REPO_ROOT } from './remote-build.js';
import { E2E_DATABASE_URL } from './stack.js';

/** The forms service's job schema and the queue of its form e-mails (services/forms/src/notifications/form-jobs.ts). */
const FORMS_JOBS_SCHEMA = 'forms_jobs';
export const FORM_NOTIFICATION_QUEUE = 'form-notification';

/**
 * A dead letter of the forms service's job runner, made for real: no shopper can make one (a form's
 * answers are checked before its job is queued, and the job retries an unreachable orders service
 * for minutes), so this puts a job in the form-notification queue as the forms service does
 * (pg-boss `send`, the queue's own retries and dead-letter queue), for a form whose title has a line
 * break. The running forms worker takes it, renders the staff notification ("New … submission"),
 * and the orders service refuses the e-mail's subject (400: one line only), an answer forms never
 * retries: the job is parked as a dead letter at once, with that error. Nothing of ours is faked:
 * the worker, the orders service's refusal, the dead-lettering and what the back office reads.
 * Returns the job's submission id (what tells this dead letter from others).
 */
export async function queueRefusedFormNotification(tag: string): Promise<string> {
  const submissionId = randomUUID();
  const notification: FormNotification = {
    formName: 'contact',
    formTitle: `Contact Us\n${tag}`,
    submissionId,
    kind: 'form',
    submitterEmail: null,
    fields: [{ label: 'Message', value: `A dead letter of the e2e test ${tag}` }],
  };
  const boss = new PgBoss({ connectionString: E2E_DATABASE_URL, schema: FORMS_JOBS_SCHEMA, max: 1, supervise: false, schedule: false, migrate: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    const id = await boss.send(FORM_NOTIFICATION_QUEUE, notification);
    if (!id) throw new Error('pg-boss queued no form-notification job');
  } finally {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
  }
  return submissionId;
}

/** One dead letter as `npm run -s jobs -- forms dead-letters list --json` prints it. */
export interface ListedDeadLetter {
  id: string;
  queue: string;
  data: { submissionId?: string };
  error: string | null;
  attempts: number;
}

/** The forms service's dead letters, read with the business's own command (`jobs forms dead-letters list --json`). */
export async function formsDeadLetters(): Promise<ListedDeadLetter[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['packages/service-kit/dist/jobs/cli.js', 'forms', 'dead-letters', 'list', '--json'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
  });
  return JSON.parse(stdout) as ListedDeadLetter[];
}

/** The dead letters of the job made for `submissionId` (queueRefusedFormNotification). */
export async function deadLettersOf(submissionId: string): Promise<ListedDeadLetter[]> {
  return (await formsDeadLetters()).filter((letter) => letter.data.submissionId === submissionId);
}
