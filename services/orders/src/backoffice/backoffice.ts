import type { DataSource } from 'typeorm';
import { readQuoteFile, type BackofficeCommand } from './backoffice-args.js';
import { createEmailCommands, deadLettersTable, type EmailCommands } from './email-commands.js';
import { BackofficeRefusal, enableSplitPayment, listOrders, ordersTable } from './order-commands.js';
import { QuoteError } from '../quotes/index.js';
import { SEND_NEEDS_SITE_URL, paymentLinkOutput, publicUrlOf, siteUrlForSending, type QuoteCommands, type SendLink } from './quote-commands.js';

export interface BackofficeIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
}

export const QUOTE_NOT_FOUND = 'Quote not found.';

/** The quotes service's refusal of the quote file (invalidQuote), each broken field with its message. */
function validationMessage(error: unknown): string | undefined {
  if (!(error instanceof QuoteError) || error.errorType !== 'invalidQuote') return undefined;
  const fields = Object.entries(error.errors);
  return fields.length > 0 ? fields.map(([field, message]) => `${field}: ${message}`).join('; ') : error.message;
}

async function runQuoteCommand(command: Extract<BackofficeCommand, { command: `quote ${string}` }>, quotes: QuoteCommands, io: BackofficeIo): Promise<number> {
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
  const options = { ...(send && { send }), ...(command.expiresInMs !== undefined && { expiresInMs: command.expiresInMs }) };
  if (command.command === 'quote create') {
    const file = readQuoteFile(command.file);
    if ('error' in file) {
      io.err(file.error);
      return 2;
    }
    let quote;
    try {
      quote = await quotes.createQuote(file.input);
    } catch (error) {
      const invalid = validationMessage(error);
      if (invalid === undefined) throw error;
      io.err(`The quote in ${command.file} is not valid: ${invalid}`);
      return 2;
    }
    io.out(JSON.stringify(paymentLinkOutput(quote, await quotes.issuePaymentLink(quote.id, options), publicUrl)));
    return 0;
  }
  const quote = await quotes.resolve(command.quote);
  if (!quote) {
    io.err(QUOTE_NOT_FOUND);
    return 1;
  }
  io.out(JSON.stringify(paymentLinkOutput(quote, await quotes.issuePaymentLink(quote.id, options), publicUrl)));
  return 0;
}

/** `email resend --id` of an e-mail that is not parked: exit 1. */
export const notADeadLetter = (id: string) =>
  `E-mail ${id} is not a dead letter (unknown, sent, or queued already: \`email dead-letters\` lists the parked ones).`;

/** Without a job runner: listing works, resending does not (cli.ts and the tests pass their own). */
const NO_JOB_RUNNER = () => Promise.reject(new Error('resending needs the orders job runner'));

/**
 * Runs one parsed command on the orders schema; answers the exit code (0 done, 1 refused or failed,
 * 2 a bad quote file, or --send without an absolute PUBLIC_URL / PUBLIC_SITE_URL).
 */
export async function runBackoffice(
  command: BackofficeCommand,
  db: DataSource,
  quotes: QuoteCommands,
  io: BackofficeIo,
  emails: EmailCommands = createEmailCommands(db, NO_JOB_RUNNER),
): Promise<number> {
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
        const orders = await listOrders(db, command);
        if (command.json) for (const order of orders) io.out(JSON.stringify(order));
        else io.out(ordersTable(orders));
        return 0;
      }
      case 'order split':
        io.out(JSON.stringify(await enableSplitPayment(db, command), null, 2));
        return 0;
      default:
        return await runQuoteCommand(command, quotes, io);
    }
  } catch (error) {
    // a refusal in the business's words (an unknown order, a quote already ordered, a bad expiry): exit 1
    if (error instanceof BackofficeRefusal || error instanceof QuoteError) io.err(error.message);
    else io.err(`${command.command} failed: ${(error as Error).message}`);
    return 1;
  }
}
