import { readFileSync } from 'node:fs';
import { ORDER_STATUSES } from '@storefront/commerce-rules';
import { EMAIL_ADDRESS_PATTERN, STAFF_ROLES, isUuid, type StaffRole } from '@storefront/contracts';
import { decimalToCents, type Cents } from '@storefront/money';

/**
 * The back office's arguments (`npm run -s backoffice -- <command>`), parsed without side effects: a
 * command, the usage (`--help`), or ONE message saying what is wrong (printed to stderr, exit 2).
 */
export type BackofficeCommand =
  | { command: 'quote create'; file: string; expiresInMs?: number; send: boolean }
  | { command: 'quote link'; quote: string; expiresInMs?: number; send: boolean }
  | { command: 'quote list' }
  | { command: 'order list'; status?: string; json: boolean }
  | { command: 'order split'; order: string; minimumCents: Cents }
  | { command: 'email dead-letters'; json: boolean }
  | { command: 'email resend'; target: { id: string } | 'all' }
  | { command: 'api-keys create'; name: string; role: StaffRole; json: boolean }
  | { command: 'api-keys list'; json: boolean }
  | { command: 'api-keys revoke'; id: string }
  | { command: 'audit list'; json: boolean; limit: number }
  | { command: 'staff create'; email: string; name: string; role: StaffRole }
  | { command: 'staff link'; email: string }
  | { command: 'staff list'; json: boolean };

export type BackofficeArgs = BackofficeCommand | { help: string } | { error: string };

export const COMMAND_NAMES = [
  'quote create',
  'quote link',
  'quote list',
  'order list',
  'order split',
  'email dead-letters',
  'email resend',
  'api-keys create',
  'api-keys list',
  'api-keys revoke',
  'audit list',
  'staff create',
  'staff link',
  'staff list',
] as const;
type CommandName = (typeof COMMAND_NAMES)[number];

export const BACKOFFICE_USAGE = [
  'usage: npm run -s backoffice -- <command>',
  '',
  '  quote create --file <quote.json> [--expires-in <n>s|m|h|d] [--send]',
  '      creates the quote and a payment link; prints { quoteId, quoteIncrementId, token, paymentLink }',
  '  quote link --quote <id or number> [--expires-in <n>s|m|h|d] [--send]',
  '      issues a new payment link (the previous one stops working)',
  '  quote list',
  '  order list [--status <status>] [--json]',
  '      newest first; a table, or one JSON object a line with --json',
  '  order split --order <id or number> --minimum <amount in dollars>',
  '      turns split payment on for the order, with that minimum payment',
  '  email dead-letters [--json]',
  '      e-mails parked after a permanent refusal or when their retries ran out, longest parked first:',
  '      id, kind, recipient, subject, attempts, last error, when; a table, or one JSON object a line',
  '  email resend --id <id> | --all',
  '      puts that parked e-mail (or every one) back in the queue with a fresh retry budget',
  '  api-keys create --name <name> [--role sales|manager] [--json]',
  '      a key for the back office over HTTP (/api/admin, Authorization: Bearer <key>) with a staff',
  '      role (default manager); the key is printed once (only its hash is kept); --json prints {"id","name","role","key"}',
  '  api-keys list [--json]',
  '      every key (never the key itself): id, name, created, last used, revoked',
  '  api-keys revoke --id <id>',
  '      the key stops working at once',
  '  audit list [--limit <n>] [--json]',
  '      the back office\'s writes (over HTTP and here), newest first (default 100): when, who, what, outcome',
  '  staff create --email <e-mail> --name <name> --role sales|manager',
  '      adds a staff member (the first manager starts here); prints their one-time setup link (/admin/setup,',
  '      a day long), where they choose a password and enrol an authenticator app',
  '  staff link --email <e-mail>',
  '      a new setup link (a lost phone or password): their password, authenticator and sessions reset when used',
  '  staff list [--json]',
  '',
  '--expires-in defaults to 14d. --send also e-mails the link to the quote\'s e-mail address (queued with',
  'the link; the running orders service delivers it) and prints "emailQueued": true; it needs PUBLIC_URL',
  '(or PUBLIC_SITE_URL) set to the site\'s absolute address. Works on DATABASE_URL, else the embedded',
  'database of a running `npm start`.',
].join('\n');

const COMMANDS_LIST = `Commands: ${COMMAND_NAMES.join(', ')}`;

/** What each command takes: options with a value (and how the value is described), and flags. */
const OPTIONS: Record<CommandName, { values: Record<string, string>; flags: string[]; required: string[] }> = {
  'quote create': { values: { '--file': '<quote.json>', '--expires-in': '<n>s|m|h|d' }, flags: ['--send'], required: ['--file'] },
  'quote link': { values: { '--quote': '<id or number>', '--expires-in': '<n>s|m|h|d' }, flags: ['--send'], required: ['--quote'] },
  'quote list': { values: {}, flags: [], required: [] },
  'order list': { values: { '--status': '<status>' }, flags: ['--json'], required: [] },
  'order split': { values: { '--order': '<id or number>', '--minimum': '<amount>' }, flags: [], required: ['--order', '--minimum'] },
  'email dead-letters': { values: {}, flags: ['--json'], required: [] },
  'email resend': { values: { '--id': '<id>' }, flags: ['--all'], required: [] },
  'api-keys create': { values: { '--name': '<name>', '--role': 'sales|manager' }, flags: ['--json'], required: ['--name'] },
  'api-keys list': { values: {}, flags: ['--json'], required: [] },
  'api-keys revoke': { values: { '--id': '<id>' }, flags: [], required: ['--id'] },
  'audit list': { values: { '--limit': '<n>' }, flags: ['--json'], required: [] },
  'staff create': { values: { '--email': '<e-mail>', '--name': '<name>', '--role': 'sales|manager' }, flags: [], required: ['--email', '--name', '--role'] },
  'staff link': { values: { '--email': '<e-mail>' }, flags: [], required: ['--email'] },
  'staff list': { values: {}, flags: ['--json'], required: [] },
};

/** `--role`'s value, or the message for anything else. */
function parseRole(text: string | undefined, fallback?: StaffRole): StaffRole | { error: string } {
  if (text === undefined && fallback) return fallback;
  const role = text?.toLowerCase();
  if ((STAFF_ROLES as readonly (string | undefined)[]).includes(role)) return role as StaffRole;
  return { error: `--role must be one of ${STAFF_ROLES.join(', ')} (got ${JSON.stringify(text)})` };
}

/** `--email`'s value, or the message for anything else. */
function parseEmail(text: string): string | { error: string } {
  const email = text.trim().toLowerCase();
  return email.length <= 254 && EMAIL_ADDRESS_PATTERN.test(email) ? email : { error: `--email must be an e-mail address (got ${JSON.stringify(text)})` };
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** A payment link lives at most a year. */
export const MAX_EXPIRES_IN_MS = 365 * UNIT_MS.d;
const ORDER_NUMBER = /^SF-\d{1,12}$/i;

/** "30m", "14d" in milliseconds, or the message for anything else. */
export function parseDuration(text: string): number | { error: string } {
  const match = /^(\d{1,6})([smhd])$/.exec(text);
  if (!match) return { error: `--expires-in must be a whole number and a unit s, m, h or d, like 30m or 14d (got ${JSON.stringify(text)})` };
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  if (ms <= 0) return { error: `--expires-in must be more than 0 (got ${JSON.stringify(text)})` };
  if (ms > MAX_EXPIRES_IN_MS) return { error: `--expires-in must be at most 365d (got ${JSON.stringify(text)})` };
  return ms;
}

/** "250" or "250.00" in cents, or the message for anything else. */
export function parseMinimum(text: string): Cents | { error: string } {
  const cents = /^\d{1,9}(\.\d{1,2})?$/.test(text) ? decimalToCents(text) : undefined;
  if (cents === undefined) return { error: `--minimum must be an amount in dollars like 250 or 250.00 (got ${JSON.stringify(text)})` };
  if (cents <= 0) return { error: `--minimum must be more than $0.00 (got ${JSON.stringify(text)})` };
  return cents;
}

function describeOptions(name: CommandName): string {
  const { values, flags } = OPTIONS[name];
  const all = [...Object.entries(values).map(([option, value]) => `${option} ${value}`), ...flags];
  return all.length > 0 ? `Options: ${all.join(', ')}` : 'It takes no options.';
}

export function parseBackofficeArgs(argv: readonly string[]): BackofficeArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { help: BACKOFFICE_USAGE };
  const [topic, action, ...rest] = argv;
  if (topic === undefined) return { error: `A command is missing. ${COMMANDS_LIST} (--help for usage)` };
  const name = `${topic} ${action ?? ''}`.trim();
  if (!(COMMAND_NAMES as readonly string[]).includes(name)) {
    const shown = topic.startsWith('-') || action === undefined || action.startsWith('-') ? topic : name;
    return { error: `Unknown command ${JSON.stringify(shown)}. ${COMMANDS_LIST}` };
  }
  const command = name as CommandName;
  const spec = OPTIONS[command];
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const option = eq > 0 ? arg.slice(0, eq) : arg;
    if (!option.startsWith('-')) return { error: `Unexpected argument ${JSON.stringify(arg)} for ${command}. ${describeOptions(command)}` };
    if (values.has(option) || flags.has(option)) return { error: `${option} is given twice` };
    if (spec.flags.includes(option)) {
      if (eq > 0) return { error: `${option} takes no value (got ${JSON.stringify(arg)})` };
      flags.add(option);
      continue;
    }
    if (!(option in spec.values)) return { error: `Unknown option ${JSON.stringify(option)} for ${command}. ${describeOptions(command)}` };
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      value = rest[i + 1];
      if (value !== undefined && value.startsWith('--')) value = undefined;
      else i++;
    }
    if (value === undefined || value.trim() === '') return { error: `${option} needs a value: ${option} ${spec.values[option]}` };
    values.set(option, value.trim());
  }
  const missing = spec.required.find((option) => !values.has(option));
  if (missing) return { error: `${command} needs ${missing} ${spec.values[missing]}` };

  let expiresInMs: number | undefined;
  const expiresIn = values.get('--expires-in');
  if (expiresIn !== undefined) {
    const parsed = parseDuration(expiresIn);
    if (typeof parsed !== 'number') return parsed;
    expiresInMs = parsed;
  }
  const send = flags.has('--send');
  switch (command) {
    case 'quote create':
      return { command, file: values.get('--file')!, send, ...(expiresInMs !== undefined && { expiresInMs }) };
    case 'quote link':
      return { command, quote: values.get('--quote')!, send, ...(expiresInMs !== undefined && { expiresInMs }) };
    case 'quote list':
      return { command };
    case 'order list': {
      const status = values.get('--status');
      if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
        return { error: `--status must be one of ${ORDER_STATUSES.join(', ')} (got ${JSON.stringify(status)})` };
      }
      return { command, json: flags.has('--json'), ...(status !== undefined && { status }) };
    }
    case 'order split': {
      const order = values.get('--order')!;
      if (!isUuid(order) && !ORDER_NUMBER.test(order)) {
        return { error: `--order must be an order number like SF-100013 or an order id (a UUID) (got ${JSON.stringify(order)})` };
      }
      const minimum = parseMinimum(values.get('--minimum')!);
      if (typeof minimum !== 'number') return minimum;
      return { command, order, minimumCents: minimum };
    }
    case 'email dead-letters':
      return { command, json: flags.has('--json') };
    case 'email resend': {
      const id = values.get('--id');
      if (id !== undefined && flags.has('--all')) return { error: 'email resend takes --id <id> or --all, not both' };
      if (id === undefined) return flags.has('--all') ? { command, target: 'all' } : { error: 'email resend needs --id <id> (an e-mail of `email dead-letters`) or --all' };
      if (!isUuid(id)) return { error: `--id must be an e-mail's id (a UUID, as \`email dead-letters\` lists it) (got ${JSON.stringify(id)})` };
      return { command, target: { id: id.toLowerCase() } };
    }
    case 'api-keys create': {
      const role = parseRole(values.get('--role'), 'manager');
      if (typeof role !== 'string') return role;
      return { command, name: values.get('--name')!, role, json: flags.has('--json') };
    }
    case 'staff create': {
      const role = parseRole(values.get('--role'));
      if (typeof role !== 'string') return role;
      const email = parseEmail(values.get('--email')!);
      if (typeof email !== 'string') return email;
      const name = values.get('--name')!;
      if (name.length > 100) return { error: `--name must be at most 100 characters` };
      return { command, email, name, role };
    }
    case 'staff link': {
      const email = parseEmail(values.get('--email')!);
      if (typeof email !== 'string') return email;
      return { command, email };
    }
    case 'staff list':
      return { command, json: flags.has('--json') };
    case 'api-keys list':
      return { command, json: flags.has('--json') };
    case 'api-keys revoke': {
      const id = values.get('--id')!;
      if (!isUuid(id)) return { error: `--id must be an API key's id (a UUID, as \`api-keys list\` shows it) (got ${JSON.stringify(id)})` };
      return { command, id: id.toLowerCase() };
    }
    case 'audit list': {
      const limit = values.get('--limit');
      if (limit !== undefined && !/^\d{1,5}$/.test(limit)) return { error: `--limit must be a whole number from 1 to 10000 (got ${JSON.stringify(limit)})` };
      const count = limit === undefined ? 100 : Number(limit);
      if (count < 1 || count > 10_000) return { error: `--limit must be a whole number from 1 to 10000 (got ${JSON.stringify(limit)})` };
      return { command, json: flags.has('--json'), limit: count };
    }
  }
}

/**
 * The quote file of `quote create`: read and parsed as JSON here (so a wrong path or a broken file is
 * an argument error, exit 2); what it says is the quotes service's to validate.
 */
export function readQuoteFile(file: string, read: (path: string) => string = (path) => readFileSync(path, 'utf8')): { input: unknown } | { error: string } {
  let text: string;
  try {
    text = read(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    return { error: `--file ${JSON.stringify(file)} cannot be read: ${why}` };
  }
  try {
    return { input: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: `--file ${JSON.stringify(file)} is not JSON: ${(error as Error).message}` };
  }
}
