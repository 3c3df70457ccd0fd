import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { queryDatabase } from './database.js';
import { REPO_ROOT } from './remote-build.js';
import { E2E_DATABASE_URL } from './stack.js';

/** What `npm run -s backoffice -- quote create|link` prints. */
export interface CreatedQuote {
  quoteId: string;
  quoteIncrementId: string;
  token: string;
  /** absolute, on PUBLIC_SITE_URL or the local gateway */
  paymentLink: string;
  paymentPath: string;
}

const EXAMPLE = path.join(REPO_ROOT, 'services/orders/examples/quote.example.json');

/** The business's back-office command as built (the e2e run builds everything first), on the stack's database. */
async function backoffice(args: string[]): Promise<CreatedQuote> {
  const { stdout } = await promisify(execFile)(process.execPath, ['services/orders/dist/backoffice/cli.js', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
  });
  return JSON.parse(stdout) as CreatedQuote;
}

/**
 * A quote made as staff make one: the example quote file ($1,389.90; split payment from $250.00),
 * with `overrides` (a shopper's own e-mail, say), written to a file and given to `quote create`.
 */
export async function createQuote(overrides: Record<string, unknown> = {}): Promise<CreatedQuote> {
  const quote = { ...(JSON.parse(await readFile(EXAMPLE, 'utf8')) as Record<string, unknown>), ...overrides };
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'e2e-quote-')), 'quote.json');
  await writeFile(file, JSON.stringify(quote));
  return backoffice(['quote', 'create', '--file', file]);
}

/** `quote link`: a new link for the quote (the old one stops working), expiring after `expiresIn` (e.g. "2s"). */
export async function issueLink(quote: string, expiresIn?: string): Promise<CreatedQuote> {
  return backoffice(['quote', 'link', '--quote', quote, ...(expiresIn ? ['--expires-in', expiresIn] : [])]);
}

/** The link's address on the site: /quote/payment?quoteId=…&token=… */
export const paymentPath = (quote: Pick<CreatedQuote, 'quoteId' | 'token'>): string =>
  `/quote/payment?quoteId=${quote.quoteId}&token=${encodeURIComponent(quote.token)}`;

/** The quote as the database holds it, with the order it became (none until one is drafted for a payment). */
export async function quoteRow(quoteId: string) {
  const [row] = await queryDatabase<{ status: string; order_increment_id: string | null; order_status: string | null }>(
    `SELECT q.status, o.order_increment_id, o.status AS order_status FROM orders.quote q LEFT JOIN orders.orders o ON o.id = q.order_id WHERE q.id = $1`,
    [quoteId],
  );
  return row!;
}
