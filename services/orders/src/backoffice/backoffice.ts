import type { DataSource, EntityManager } from 'typeorm';
import { readQuoteFile, type BackofficeCommand } from './backoffice-args.js';
import { createEmailCommands, deadLettersTable, type EmailCommands } from './email-commands.js';
import { BackofficeRefusal, enableSplitPayment } from '../orders/order-admin.service.js';
import { allOrders } from '../admin/orders/admin-orders.js';
import { ordersTable } from './orders-table.js';
import { QuoteError, SEND_NEEDS_SITE_URL, linkSiteUrlOf, paymentLinkOutput, publicUrlOf, siteUrlForSending, type SendLink } from '../quotes/index.js';
import { auditTable, commandLineActor, insertAuditRow, listAudit, logAudit, recordAudit, type AuditEntry, type AuditOutcome } from '../admin/audit/admin-audit.js';
import { ApiKeyRefusal, apiKeysTable, createApiKey, listApiKeys, revokeApiKey } from '../admin/api-keys/api-keys.js';
import type { QuoteCommands } from './quote-commands.js';
import { StaffRefusal, findStaffByEmail, listStaff, staffMemberOf } from '../staff/members/staff-members.js';
import { staffTable, staffSetup } from './staff-commands.js';

export interface BackofficeIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
  /** who the audit names for this run's writes (default `cli:<os user>`) */
  actor?: string;
}

export const QUOTE_NOT_FOUND = 'Quote not found.';

/** The quotes service's refusal of the quote file (invalidQuote), each broken field with its message. */
function validationMessage(error: unknown): string | undefined {
  if (!(error instanceof QuoteError) || error.errorType !== 'invalidQuote') return undefined;
  const fields = Object.entries(error.errors);
  return fields.length > 0 ? fields.map(([field, message]) => `${field}: ${message}`).join('; ') : error.message;
}

async function runQuoteCommand(
  command: Extract<BackofficeCommand, { command: `quote ${string}` }>,
  quotes: QuoteCommands,
  io: BackofficeIo,
  manager?: EntityManager,
): Promise<number> {
  const publicUrl = publicUrlOf(io.env);
  if (command.command === 'quote list') {
    for (const quote of await quotes.listQuotes()) io.out(JSON.stringify(quote));
    return 0;
  }
  // --send: the e-mailed link must be absolute, so the site's address is required up front (exit 2)
  let send: SendLink | undefined;
  if (command.send) {
    const siteUrl = siteUrlForSending(publicUrl);
    if (!siteUrl) {
      io.err(SEND_NEEDS_SITE_URL);
      return 2;
    }
    send = { siteUrl };
  }
  const options = { ...(send && { send }), ...(command.expiresInMs !== undefined && { expiresInMs: command.expiresInMs }), ...(manager && { manager }) };
  if (command.command === 'quote create') {
    const file = readQuoteFile(command.file);
    if ('error' in file) {
      io.err(file.error);
      return 2;
    }
    let quote;
    try {
      quote = await quotes.createQuote(file.input, manager);
    } catch (error) {
      const invalid = validationMessage(error);
      if (invalid === undefined) throw error;
      io.err(`The quote in ${command.file} is not valid: ${invalid}`);
      return 2;
    }
    io.out(JSON.stringify(paymentLinkOutput(quote, await quotes.issuePaymentLink(quote.id, options), send?.siteUrl ?? linkSiteUrlOf(io.env))));
    return 0;
  }
  const quote = await quotes.resolve(command.quote);
  if (!quote) {
    io.err(QUOTE_NOT_FOUND);
    return 1;
  }
  io.out(JSON.stringify(paymentLinkOutput(quote, await quotes.issuePaymentLink(quote.id, options), send?.siteUrl ?? linkSiteUrlOf(io.env))));
  return 0;
}

/** `email resend --id` of an e-mail that is not parked: exit 1. */
export const notADeadLetter = (id: string) =>
  `E-mail ${id} is not a dead letter (unknown, sent, or queued already: \`email dead-letters\` lists the parked ones).`;

/** Without a job runner: listing works, resending does not (cli.ts and the tests pass their own). */
const NO_JOB_RUNNER = () => Promise.reject(new Error('resending needs the orders job runner'));

/** The audit's action and target of a command that writes; undefined for a read. */
function writeOf(command: BackofficeCommand): { action: string; target: string | null } | undefined {
  switch (command.command) {
    case 'quote create':
      return { action: 'quote.create', target: null };
    case 'quote link':
      return { action: 'quote.link', target: command.quote };
    case 'order split':
      return { action: 'order.split-payment', target: command.order };
    case 'email resend':
      return { action: 'email.resend', target: command.target === 'all' ? 'all' : command.target.id };
    case 'api-keys create':
      return { action: 'api-key.create', target: null };
    case 'api-keys revoke':
      return { action: 'api-key.revoke', target: command.id };
    case 'staff create':
      return { action: 'staff.create', target: command.email };
    case 'staff link':
      return { action: 'staff.setup-link', target: command.email };
    default:
      return undefined;
  }
}

/** What a write printed names as its target once done: the created quote's number, the created key's id. */
function createdTarget(lines: readonly string[]): string | null {
  for (const line of lines) {
    try {
      const printed = JSON.parse(line) as { quoteIncrementId?: unknown; id?: unknown };
      if (typeof printed.quoteIncrementId === 'string') return printed.quoteIncrementId;
      if (typeof printed.id === 'string') return printed.id;
    } catch {
      // a sentence: `api-keys create` without --json names its key's id in it
      const id = /\(id ([0-9a-f-]{36})\)/.exec(line)?.[1];
      if (id) return id;
    }
  }
  return null;
}

/** A write command that ended without writing (refused, failed, a bad file): its transaction is rolled back. */
class NothingWritten extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/**
 * Runs one parsed command on the orders schema; answers the exit code (0 done, 1 refused or failed,
 * 2 a bad quote file, or --send without an absolute PUBLIC_URL / PUBLIC_SITE_URL). Every write is
 * audited (an admin_audit row and the service's log line, event admin.audit) with the actor
 * `cli:<os user>`: a quote, order or API-key write commits in one transaction with its row (what it
 * prints is held back until then), so no change is stored without its row. `email resend` queues each
 * e-mail in a transaction of its own (with its job), so its row follows.
 */
export async function runBackoffice(
  command: BackofficeCommand,
  db: DataSource,
  quotes: QuoteCommands,
  io: BackofficeIo,
  emails: EmailCommands = createEmailCommands(db, NO_JOB_RUNNER),
): Promise<number> {
  const write = writeOf(command);
  if (!write) return runCommand(command, db, quotes, io, emails);
  const printed: string[] = [];
  const errors: string[] = [];
  let outcome: AuditOutcome = 'refused';
  const watched: BackofficeIo = {
    env: io.env,
    out: (line) => void printed.push(line),
    err: (line) => {
      errors.push(line);
      io.err(line);
    },
  };
  const entryOf = (code: number): AuditEntry => ({
    keyId: null,
    actor: io.actor ?? commandLineActor(),
    action: write.action,
    target: write.target ?? (code === 0 ? createdTarget(printed) : null),
    outcome: code === 0 ? 'succeeded' : outcome,
    detail: code === 0 ? null : errors.join(' ') || null,
  });
  const failed = () => (outcome = 'failed');
  if (command.command === 'email resend') {
    const code = await runCommand(command, db, quotes, watched, emails, failed);
    for (const line of printed) io.out(line);
    await recordAudit(db, entryOf(code));
    return code;
  }
  let code: number;
  try {
    code = await db.transaction(async (manager) => {
      const ended = await runCommand(command, db, quotes, watched, emails, failed, manager);
      if (ended !== 0) throw new NothingWritten(ended);
      await insertAuditRow(manager, entryOf(0));
      return 0;
    });
  } catch (error) {
    if (!(error instanceof NothingWritten)) {
      // the audit row was refused: the write rolled back with it, and what it printed is void
      failed();
      printed.length = 0;
      watched.err(`${command.command} failed, nothing was changed: its audit row could not be stored (${(error as Error).message})`);
      code = 1;
    } else code = error.code;
  }
  for (const line of printed) io.out(line);
  if (code === 0) logAudit(entryOf(0));
  else await recordAudit(db, entryOf(code));
  return code;
}

async function runCommand(
  command: BackofficeCommand,
  db: DataSource,
  quotes: QuoteCommands,
  io: BackofficeIo,
  emails: EmailCommands,
  failed: () => void = () => undefined,
  /** a write's transaction (its audit row's); reads use `db` */
  manager?: EntityManager,
): Promise<number> {
  const writer = manager ?? db;
  try {
    switch (command.command) {
      case 'email dead-letters': {
        const letters = await emails.deadLetters();
        if (command.json) for (const letter of letters) io.out(JSON.stringify(letter));
        else io.out(deadLettersTable(letters));
        return 0;
      }
      case 'email resend': {
        const result = await emails.resend(command.target);
        if (command.target !== 'all' && result.notDeadLetters.length > 0) {
          for (const id of result.notDeadLetters) io.err(notADeadLetter(id));
          return 1;
        }
        // --all: an e-mail another resend took meanwhile is listed under notDeadLetters, not an error
        io.out(JSON.stringify(result));
        return 0;
      }
      case 'order list': {
        const orders = [];
        for await (const page of allOrders(db, { status: command.status })) orders.push(...page);
        if (command.json) for (const order of orders) io.out(JSON.stringify(order));
        else io.out(ordersTable(orders));
        return 0;
      }
      case 'order split':
        io.out(JSON.stringify(await enableSplitPayment(writer, command), null, 2));
        return 0;
      case 'api-keys create': {
        const key = await createApiKey(writer, command.name, command.role);
        if (command.json) io.out(JSON.stringify({ id: key.id, name: key.name, role: key.role, key: key.key }));
        else {
          io.out(`API key "${key.name}" (${key.role}) created (id ${key.id}). The key, shown only this once:`);
          io.out(key.key);
          io.out('Send it as Authorization: Bearer <key> to /api/admin/*; revoke it with: npm run -s backoffice -- api-keys revoke --id ' + key.id);
        }
        return 0;
      }
      case 'api-keys list': {
        const keys = await listApiKeys(db);
        if (command.json) for (const key of keys) io.out(JSON.stringify(key));
        else io.out(apiKeysTable(keys));
        return 0;
      }
      case 'api-keys revoke': {
        const revoked = await revokeApiKey(writer, command.id);
        io.out(`API key ${revoked.id} ("${revoked.name}") revoked: it no longer opens /api/admin.`);
        return 0;
      }
      case 'audit list': {
        const records = await listAudit(db, { limit: command.limit });
        if (command.json) for (const record of records) io.out(JSON.stringify(record));
        else io.out(auditTable(records));
        return 0;
      }
      case 'staff create': {
        const created = await staffSetup(db, io.env).create(manager!, command);
        io.out(`Staff member ${created.staff.name} <${created.staff.email}> (${created.staff.role}) added. Their one-time setup link (until ${created.setupLink.expiresAt}):`);
        io.out(created.setupLink.url);
        return 0;
      }
      case 'staff link': {
        const staff = await findStaffByEmail(writer, command.email);
        if (!staff) throw new StaffRefusal(`No staff member has the e-mail ${command.email} (staff list shows them).`, 'not-found');
        const issued = await staffSetup(db, io.env).newLink(manager!, staff.id);
        io.out(`A new setup link for ${issued.staff.name} <${issued.staff.email}> (until ${issued.setupLink.expiresAt}); their older links stop working:`);
        io.out(issued.setupLink.url);
        return 0;
      }
      case 'staff list': {
        const staff = (await listStaff(db)).map(staffMemberOf);
        if (command.json) for (const member of staff) io.out(JSON.stringify(member));
        else io.out(staffTable(staff));
        return 0;
      }
      default:
        return await runQuoteCommand(command, quotes, io, manager);
    }
  } catch (error) {
    // a refusal in the business's words (an unknown order, a quote already ordered, a bad expiry): exit 1
    if (error instanceof BackofficeRefusal || error instanceof QuoteError || error instanceof ApiKeyRefusal || error instanceof StaffRefusal) io.err(error.message);
    else {
      failed();
      io.err(`${command.command} failed: ${(error as Error).message}`);
    }
    return 1;
  }
}
