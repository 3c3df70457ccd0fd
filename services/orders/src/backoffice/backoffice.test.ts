import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';
import { notADeadLetter, runBackoffice, type BackofficeIo } from './backoffice.js';
import { NO_DEAD_LETTERS, deadLettersTable, type DeadLetterSummary, type EmailCommands } from './email-commands.js';
import type { OrderSummary } from '../orders/order-admin.service.js';
import { ordersTable } from './orders-table.js';
import { QuoteError } from '../quotes/index.js';
import { SEND_NEEDS_SITE_URL, siteUrlForSending } from '../quotes/index.js';
import type { QuoteCommands } from './quote-commands.js';

// the quote commands touch no table themselves (the quotes service does): a write's transaction, and
// its audit row, go nowhere
const inTransaction = { query: async () => [] } as unknown as EntityManager;
const noDatabase = { transaction: async (work: (manager: EntityManager) => Promise<unknown>) => work(inTransaction), query: async () => [] } as unknown as DataSource;

function io(env: Record<string, string | undefined> = {}): BackofficeIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, env, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

function fakeQuotes(): QuoteCommands & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const quote = { id: '9f1c2d4e-0000-4000-8000-000000000001', quoteIncrementId: 'Q-100001' };
  return {
    calls,
    createQuote: async (input) => {
      calls.push(['createQuote', input]);
      if ((input as { firstName?: string }).firstName === '') {
        throw new QuoteError('invalidQuote', 'The quote is not valid.', { firstName: 'First name is required', items: 'A quote needs at least one item' });
      }
      return quote;
    },
    issuePaymentLink: async (idOrNumber, options) => {
      calls.push(['issuePaymentLink', idOrNumber, options]);
      return { token: 'tok', expiresAt: new Date('2026-12-09T00:00:00.000Z'), path: `/quote/payment?quoteId=${quote.id}&token=tok`, ...(options.send && { emailQueued: true }) };
    },
    listQuotes: async () => [quote],
    resolve: async (idOrNumber) => (idOrNumber === 'Q-100001' || idOrNumber === quote.id ? quote : null),
  };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-'));
  writeFileSync(path.join(dir, 'quote.json'), JSON.stringify({ firstName: 'Ann' }));
  writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ firstName: '' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the quote commands', () => {
  it('--send without an absolute PUBLIC_URL or PUBLIC_SITE_URL is refused (exit 2), and nothing is created', async () => {
    for (const env of [{}, { PUBLIC_URL: 'shop.example' }, { PUBLIC_SITE_URL: 'ftp://shop.example' }]) {
      const quotes = fakeQuotes();
      const out = io(env);
      expect(await runBackoffice({ command: 'quote create', file: path.join(dir, 'quote.json'), send: true }, noDatabase, quotes, out)).toBe(2);
      expect(await runBackoffice({ command: 'quote link', quote: 'Q-100001', send: true }, noDatabase, quotes, out)).toBe(2);
      expect(out.errors).toEqual([SEND_NEEDS_SITE_URL, SEND_NEEDS_SITE_URL]);
      expect(quotes.calls).toEqual([]);
    }
  });

  it('--send: the link is issued with its e-mail (on the site address) and the output says emailQueued', async () => {
    const quotes = fakeQuotes();
    const out = io({ PUBLIC_SITE_URL: 'https://shop.example/' });
    expect(await runBackoffice({ command: 'quote link', quote: 'Q-100001', send: true, expiresInMs: 60_000 }, noDatabase, quotes, out)).toBe(0);
    expect(quotes.calls).toEqual([['issuePaymentLink', '9f1c2d4e-0000-4000-8000-000000000001', { send: { siteUrl: 'https://shop.example' }, expiresInMs: 60_000, manager: inTransaction }]]);
    const printed = JSON.parse(out.lines[0]!);
    expect(printed.emailQueued).toBe(true);
    expect(printed.paymentLink).toBe('https://shop.example/quote/payment?quoteId=9f1c2d4e-0000-4000-8000-000000000001&token=tok');
  });

  it('quote create: creates the quote, issues its link, prints one JSON object (the URL when PUBLIC_URL is set)', async () => {
    const quotes = fakeQuotes();
    const out = io({ PUBLIC_URL: 'https://shop.example/' });
    const file = path.join(dir, 'quote.json');
    expect(await runBackoffice({ command: 'quote create', file, send: false, expiresInMs: 60_000 }, noDatabase, quotes, out)).toBe(0);
    expect(quotes.calls).toEqual([
      ['createQuote', { firstName: 'Ann' }],
      ['issuePaymentLink', '9f1c2d4e-0000-4000-8000-000000000001', { expiresInMs: 60_000, manager: inTransaction }],
    ]);
    expect(out.lines.map((line) => JSON.parse(line))).toEqual([
      {
        quoteId: '9f1c2d4e-0000-4000-8000-000000000001',
        quoteIncrementId: 'Q-100001',
        token: 'tok',
        expiresAt: '2026-12-09T00:00:00.000Z',
        paymentLink: 'https://shop.example/quote/payment?quoteId=9f1c2d4e-0000-4000-8000-000000000001&token=tok',
        paymentPath: '/quote/payment?quoteId=9f1c2d4e-0000-4000-8000-000000000001&token=tok',
      },
    ]);
  });

  it('quote create: a quote the service refuses is a bad argument (exit 2, its messages)', async () => {
    const out = io();
    const file = path.join(dir, 'bad.json');
    expect(await runBackoffice({ command: 'quote create', file, send: false }, noDatabase, fakeQuotes(), out)).toBe(2);
    expect(out.errors).toEqual([`The quote in ${file} is not valid: firstName: First name is required; items: A quote needs at least one item`]);
  });

  it('quote link: a new link by number, absolute on the local gateway without PUBLIC_URL; an unknown quote is "Quote not found." (exit 1)', async () => {
    const quotes = fakeQuotes();
    const out = io();
    expect(await runBackoffice({ command: 'quote link', quote: 'Q-100001', send: false }, noDatabase, quotes, out)).toBe(0);
    expect(JSON.parse(out.lines[0]!)).toMatchObject({
      paymentLink: 'http://localhost:8080/quote/payment?quoteId=9f1c2d4e-0000-4000-8000-000000000001&token=tok',
      paymentPath: '/quote/payment?quoteId=9f1c2d4e-0000-4000-8000-000000000001&token=tok',
    });
    expect(quotes.calls).toEqual([['issuePaymentLink', '9f1c2d4e-0000-4000-8000-000000000001', { manager: inTransaction }]]);
    expect(JSON.parse(out.lines[0]!)).not.toHaveProperty('emailQueued');

    const missing = io();
    expect(await runBackoffice({ command: 'quote link', quote: 'Q-9', send: false }, noDatabase, quotes, missing)).toBe(1);
    expect(missing.errors).toEqual(['Quote not found.']);
  });

  it('quote list: one JSON line per quote', async () => {
    const out = io();
    expect(await runBackoffice({ command: 'quote list' }, noDatabase, fakeQuotes(), out)).toBe(0);
    expect(out.lines).toEqual(['{"id":"9f1c2d4e-0000-4000-8000-000000000001","quoteIncrementId":"Q-100001"}']);
  });
});

describe('siteUrlForSending', () => {
  it.each([
    ['https://shop.example/', 'https://shop.example'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['https://shop.example/store', 'https://shop.example/store'],
    ['shop.example', undefined],
    ['ftp://shop.example', undefined],
    ['https://shop.example/?a=1', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s -> %s', (value, expected) => {
    expect(siteUrlForSending(value)).toBe(expected);
  });
});

describe('ordersTable', () => {
  const order: OrderSummary = {
    number: 'SF-100013',
    id: '0b6e4a52-2a4b-4c1d-9a53-3f0f4b1a2c3d',
    date: '2026-11-25T20:07:43.120Z',
    email: 'ann@example.com',
    customerName: 'Ann Lee',
    status: 'partially_paid',
    paymentStatus: 'completed',
    total: '$1,234.50',
    totalCents: 123450,
    splitPaymentEnabled: true,
    minimumSplitAmount: '$250.00',
    minimumSplitAmountCents: 25000,
  };

  it('lines the orders up under a header, totals right-aligned', () => {
    const other = { ...order, number: 'SF-100012', status: 'pending', total: '$10.83', splitPaymentEnabled: false, minimumSplitAmount: null };
    expect(ordersTable([order, other]).split('\n')).toEqual([
      'NUMBER     DATE (UTC)        STATUS          PAYMENT        TOTAL  SPLIT                ID',
      'SF-100013  2026-11-25 20:07  partially_paid  completed  $1,234.50  on, minimum $250.00  0b6e4a52-2a4b-4c1d-9a53-3f0f4b1a2c3d',
      'SF-100012  2026-11-25 20:07  pending         completed     $10.83  off                  0b6e4a52-2a4b-4c1d-9a53-3f0f4b1a2c3d',
    ]);
    expect(ordersTable([])).toBe('No orders.');
  });
});

describe('the e-mail commands', () => {
  const letter: DeadLetterSummary = {
    id: '6a1c0d1e-0000-4000-8000-000000000001',
    kind: 'order-confirmation',
    recipient: 'nobody@example.com',
    cc: [],
    subject: 'Your order #SF-100013 has been received',
    attempts: 1,
    lastError: "Refused for good, not retried: Can't send mail - all recipients were rejected: 550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown in virtual mailbox table",
    failedAt: '2026-11-25T20:07:43.120Z',
    queuedAt: '2026-11-25T20:07:42.000Z',
    orderId: '0b6e4a52-2a4b-4c1d-9a53-3f0f4b1a2c3d',
    messageId: '<outbox-6a1c0d1e-0000-4000-8000-000000000001@heartwood.example>',
  };

  function fakeEmails(parked: string[]): EmailCommands & { calls: unknown[] } {
    const calls: unknown[] = [];
    return {
      calls,
      deadLetters: async () => [letter],
      resend: async (target) => {
        calls.push(target);
        const ids = target === 'all' ? parked : [target.id];
        return { resent: ids.filter((id) => parked.includes(id)).map((id) => ({ id, jobId: 'job-1' })), notDeadLetters: ids.filter((id) => !parked.includes(id)) };
      },
    };
  }

  it('email dead-letters: a table, the error cut short; one JSON object a line with --json', async () => {
    const out = io();
    expect(await runBackoffice({ command: 'email dead-letters', json: false }, noDatabase, fakeQuotes(), out, fakeEmails([]))).toBe(0);
    const [header, row] = out.lines[0]!.split('\n');
    expect(header).toMatch(/^PARKED \(UTC\) +ID +KIND +RECIPIENT +SUBJECT +ATTEMPTS +LAST ERROR$/);
    expect(row).toMatch(/^2026-11-25 20:07 +6a1c0d1e-0000-4000-8000-000000000001 +order-confirmation +nobody@example\.com +Your order #SF-100013 has been received +1 +Refused for good, not retried: .{40,}…$/);
    expect(deadLettersTable([])).toBe(NO_DEAD_LETTERS);

    const json = io();
    expect(await runBackoffice({ command: 'email dead-letters', json: true }, noDatabase, fakeQuotes(), json, fakeEmails([]))).toBe(0);
    expect(json.lines.map((line) => JSON.parse(line))).toEqual([letter]);
  });

  it('email resend: prints what was queued again; an id that is not a dead letter is exit 1 with its message', async () => {
    const emails = fakeEmails([letter.id]);
    const out = io();
    expect(await runBackoffice({ command: 'email resend', target: { id: letter.id } }, noDatabase, fakeQuotes(), out, emails)).toBe(0);
    expect(JSON.parse(out.lines[0]!)).toEqual({ resent: [{ id: letter.id, jobId: 'job-1' }], notDeadLetters: [] });

    const other = '6a1c0d1e-0000-4000-8000-000000000002';
    const refused = io();
    expect(await runBackoffice({ command: 'email resend', target: { id: other } }, noDatabase, fakeQuotes(), refused, emails)).toBe(1);
    expect(refused).toMatchObject({ lines: [], errors: [notADeadLetter(other)] });

    const all = io();
    expect(await runBackoffice({ command: 'email resend', target: 'all' }, noDatabase, fakeQuotes(), all, emails)).toBe(0);
    expect(emails.calls).toEqual([{ id: letter.id }, { id: other }, 'all']);
  });
});
