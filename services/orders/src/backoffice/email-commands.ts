import type { DataSource } from 'typeorm';
import { listDeadLetterEmails, type DeadLetterEmail, type EmailOutbox } from '../email/index.js';

/** An e-mail dead letter as the back office prints it (`email dead-letters --json`: one a line). */
export interface DeadLetterSummary {
  id: string;
  kind: string;
  recipient: string;
  cc: string[];
  subject: string;
  attempts: number;
  lastError: string | null;
  /** when it was parked (ISO); null for e-mails parked before that was recorded */
  failedAt: string | null;
  queuedAt: string;
  orderId: string | null;
  messageId: string | null;
}

/** What `email resend` did: the e-mails queued again (each with its job) and the ids that were not dead letters. */
export interface ResendResult {
  resent: { id: string; jobId: string | null }[];
  notDeadLetters: string[];
}

/** The e-mail commands: listing reads the outbox table; resending queues jobs, so it opens the job runner. */
export interface EmailCommands {
  deadLetters(): Promise<DeadLetterSummary[]>;
  resend(target: { id: string } | 'all'): Promise<ResendResult>;
}

export function deadLetterSummary(letter: DeadLetterEmail): DeadLetterSummary {
  return {
    id: letter.id,
    kind: letter.kind,
    recipient: letter.recipient,
    cc: letter.cc,
    subject: letter.subject,
    attempts: letter.attempts,
    lastError: letter.lastError,
    failedAt: letter.failedAt ? letter.failedAt.toISOString() : null,
    queuedAt: letter.createdAt.toISOString(),
    orderId: letter.orderId,
    messageId: letter.messageId,
  };
}

/**
 * `email dead-letters` and `email resend` on the orders schema. `outbox` opens the outbox on the orders
 * job runner (no workers: the running service delivers what is queued again) only when something is
 * resent.
 */
export function createEmailCommands(db: DataSource, outbox: () => Promise<EmailOutbox>): EmailCommands {
  return {
    deadLetters: async () => (await listDeadLetterEmails(db)).map(deadLetterSummary),
    resend: async (target) => (await outbox()).resend(target === 'all' ? 'all' : [target.id]),
  };
}

export const NO_DEAD_LETTERS = 'No e-mail dead letters.';

/** The readable form of `email dead-letters`: one aligned line per e-mail under a header, the error cut short. */
export function deadLettersTable(letters: readonly DeadLetterSummary[]): string {
  if (letters.length === 0) return NO_DEAD_LETTERS;
  const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
  const rows = [
    ['PARKED (UTC)', 'ID', 'KIND', 'RECIPIENT', 'SUBJECT', 'ATTEMPTS', 'LAST ERROR'],
    ...letters.map((letter) => [
      letter.failedAt ? letter.failedAt.slice(0, 16).replace('T', ' ') : '-',
      letter.id,
      letter.kind,
      letter.recipient,
      cut(letter.subject, 40),
      String(letter.attempts),
      cut(letter.lastError ?? '-', 100),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 5 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd()).join('\n');
}
