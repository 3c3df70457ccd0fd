import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKOFFICE_USAGE, parseBackofficeArgs, parseDuration, parseMinimum, readQuoteFile } from './backoffice-args.js';

const COMMANDS =
  'Commands: quote create, quote link, quote list, order list, order split, email dead-letters, email resend, api-keys create, api-keys list, api-keys revoke, audit list, staff create, staff link, staff list';
const parse = (line: string) => parseBackofficeArgs(line.split(' ').filter(Boolean));
const errorOf = (line: string) => {
  const result = parse(line);
  if (!('error' in result)) throw new Error(`"${line}" parsed: ${JSON.stringify(result)}`);
  return result.error;
};

describe('parseBackofficeArgs: the commands', () => {
  it('reads each command with its options', () => {
    expect(parse('quote create --file q.json')).toEqual({ command: 'quote create', file: 'q.json', send: false });
    expect(parse('quote create --file q.json --expires-in 3d --send')).toEqual({ command: 'quote create', file: 'q.json', send: true, expiresInMs: 3 * 86_400_000 });
    expect(parse('quote link --quote Q-100001 --expires-in=30m')).toEqual({ command: 'quote link', quote: 'Q-100001', send: false, expiresInMs: 1_800_000 });
    expect(parse('quote link --send --quote 5b0c')).toEqual({ command: 'quote link', quote: '5b0c', send: true });
    expect(parse('quote list')).toEqual({ command: 'quote list' });
    expect(parse('order list')).toEqual({ command: 'order list', json: false });
    expect(parse('order list --status partially_paid --json')).toEqual({ command: 'order list', json: true, status: 'partially_paid' });
    expect(parse('order split --order SF-100013 --minimum 250')).toEqual({ command: 'order split', order: 'SF-100013', minimumCents: 25000 });
    expect(parse('order split --minimum=250.5 --order 0b6e4a52-2a4b-4c1d-9a53-3f0f4b1a2c3d')).toEqual({
      command: 'order split',
      order: '0b6e4a52-2a4b-4c1d-9a53-3f0f4b1a2c3d',
      minimumCents: 25050,
    });
    expect(parse('email dead-letters')).toEqual({ command: 'email dead-letters', json: false });
    expect(parse('email dead-letters --json')).toEqual({ command: 'email dead-letters', json: true });
    expect(parse('email resend --id 0B6E4A52-2A4B-4C1D-9A53-3F0F4B1A2C3D')).toEqual({ command: 'email resend', target: { id: '0b6e4a52-2a4b-4c1d-9a53-3f0f4b1a2c3d' } });
    expect(parse('email resend --all')).toEqual({ command: 'email resend', target: 'all' });
    expect(parse('api-keys create --name reliability-harness --json')).toEqual({ command: 'api-keys create', name: 'reliability-harness', role: 'manager', json: true });
    expect(parse('api-keys create --name=ops --role sales')).toEqual({ command: 'api-keys create', name: 'ops', role: 'sales', json: false });
    expect(parse('staff create --email Bea@Example.com --name Bea --role manager')).toEqual({ command: 'staff create', email: 'bea@example.com', name: 'Bea', role: 'manager' });
    expect(parse('staff link --email bea@example.com')).toEqual({ command: 'staff link', email: 'bea@example.com' });
    expect(parse('staff list --json')).toEqual({ command: 'staff list', json: true });
    expect(parse('api-keys list')).toEqual({ command: 'api-keys list', json: false });
    expect(parse('api-keys revoke --id 0B6E4A52-2A4B-4C1D-9A53-3F0F4B1A2C3D')).toEqual({ command: 'api-keys revoke', id: '0b6e4a52-2a4b-4c1d-9a53-3f0f4b1a2c3d' });
    expect(parse('audit list')).toEqual({ command: 'audit list', json: false, limit: 100 });
    expect(parse('audit list --json --limit 5')).toEqual({ command: 'audit list', json: true, limit: 5 });
  });

  it('answers the usage for --help or -h, wherever it stands', () => {
    expect(parse('--help')).toEqual({ help: BACKOFFICE_USAGE });
    expect(parse('order split -h')).toEqual({ help: BACKOFFICE_USAGE });
    expect(BACKOFFICE_USAGE).toContain('order split --order <id or number> --minimum <amount in dollars>');
  });
});

describe('parseBackofficeArgs: one message per mistake', () => {
  it.each([
    ['', `A command is missing. ${COMMANDS} (--help for usage)`],
    ['foo', `Unknown command "foo". ${COMMANDS}`],
    ['quote', `Unknown command "quote". ${COMMANDS}`],
    ['quote send', `Unknown command "quote send". ${COMMANDS}`],
    ['order --status ordered', `Unknown command "order". ${COMMANDS}`],
    ['--json', `Unknown command "--json". ${COMMANDS}`],
    ['order list extra', 'Unexpected argument "extra" for order list. Options: --status <status>, --json'],
    ['api-keys create', 'api-keys create needs --name <name>'],
    ['api-keys create --name ops --role owner', '--role must be one of sales, manager (got "owner")'],
    ['staff create --email bea@example.com --name Bea', 'staff create needs --role sales|manager'],
    ['staff create --email bea --name Bea --role sales', '--email must be an e-mail address (got "bea")'],
    ['api-keys revoke --id 12', '--id must be an API key\'s id (a UUID, as `api-keys list` shows it) (got "12")'],
    ['audit list --limit 0', '--limit must be a whole number from 1 to 10000 (got "0")'],
    ['audit list --limit ten', '--limit must be a whole number from 1 to 10000 (got "ten")'],
    ['order list --limit 5', 'Unknown option "--limit" for order list. Options: --status <status>, --json'],
    ['quote list --json', 'Unknown option "--json" for quote list. It takes no options.'],
    ['order list --json --json', '--json is given twice'],
    ['order split --order SF-1 --order SF-2 --minimum 1', '--order is given twice'],
    ['order list --json=yes', '--json takes no value (got "--json=yes")'],
    ['order list --status', '--status needs a value: --status <status>'],
    ['order list --status --json', '--status needs a value: --status <status>'],
    ['order list --status=', '--status needs a value: --status <status>'],
    ['order list --status paid', '--status must be one of pending, pending_payment, partially_paid, ordered (got "paid")'],
    ['quote create', 'quote create needs --file <quote.json>'],
    ['quote create --send', 'quote create needs --file <quote.json>'],
    ['quote link --expires-in 1d', 'quote link needs --quote <id or number>'],
    ['quote create --file q.json --expires-in 14', '--expires-in must be a whole number and a unit s, m, h or d, like 30m or 14d (got "14")'],
    ['quote create --file q.json --expires-in 1.5h', '--expires-in must be a whole number and a unit s, m, h or d, like 30m or 14d (got "1.5h")'],
    ['quote link --quote Q-1 --expires-in 0m', '--expires-in must be more than 0 (got "0m")'],
    ['quote link --quote Q-1 --expires-in 366d', '--expires-in must be at most 365d (got "366d")'],
    ['order split --minimum 250', 'order split needs --order <id or number>'],
    ['order split --order SF-100013', 'order split needs --minimum <amount>'],
    ['order split --order 100013 --minimum 250', '--order must be an order number like SF-100013 or an order id (a UUID) (got "100013")'],
    ['order split --order SF-100013 --minimum abc', '--minimum must be an amount in dollars like 250 or 250.00 (got "abc")'],
    ['order split --order SF-100013 --minimum $250', '--minimum must be an amount in dollars like 250 or 250.00 (got "$250")'],
    ['order split --order SF-100013 --minimum 1,250', '--minimum must be an amount in dollars like 250 or 250.00 (got "1,250")'],
    ['order split --order SF-100013 --minimum 2.505', '--minimum must be an amount in dollars like 250 or 250.00 (got "2.505")'],
    ['order split --order SF-100013 --minimum -5', '--minimum must be an amount in dollars like 250 or 250.00 (got "-5")'],
    ['order split --order SF-100013 --minimum 0.00', '--minimum must be more than $0.00 (got "0.00")'],
    ['email', `Unknown command "email". ${COMMANDS}`],
    ['email resend', 'email resend needs --id <id> (an e-mail of `email dead-letters`) or --all'],
    ['email resend --all --id 0b6e4a52-2a4b-4c1d-9a53-3f0f4b1a2c3d', 'email resend takes --id <id> or --all, not both'],
    ['email resend --id 42', '--id must be an e-mail\'s id (a UUID, as `email dead-letters` lists it) (got "42")'],
    ['email resend --id a --id b', '--id is given twice'],
    ['email dead-letters --all', 'Unknown option "--all" for email dead-letters. Options: --json'],
  ])('%j: %s', (line, message) => {
    expect(errorOf(line)).toBe(message);
  });
});

describe('the value parsers', () => {
  it('parseDuration: s, m, h, d', () => {
    expect(parseDuration('45s')).toBe(45_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('365d')).toBe(365 * 86_400_000);
  });

  it('parseMinimum: dollars with up to two decimals, in cents', () => {
    expect(parseMinimum('250')).toBe(25000);
    expect(parseMinimum('250.00')).toBe(25000);
    expect(parseMinimum('0.5')).toBe(50);
    expect(parseMinimum('0.01')).toBe(1);
  });
});

describe('readQuoteFile', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-args-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers the parsed JSON, unchecked (the quotes service validates it)', () => {
    const file = path.join(dir, 'quote.json');
    writeFileSync(file, '{"firstName":"Ann","items":[]}');
    expect(readQuoteFile(file)).toEqual({ input: { firstName: 'Ann', items: [] } });
  });

  it('says why a file cannot be used', () => {
    const missing = path.join(dir, 'nope.json');
    expect(readQuoteFile(missing)).toEqual({ error: `--file ${JSON.stringify(missing)} cannot be read: no such file` });
    expect(readQuoteFile(dir)).toEqual({ error: `--file ${JSON.stringify(dir)} cannot be read: it is a folder` });
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{"firstName": ');
    expect(readQuoteFile(broken)).toEqual({ error: expect.stringMatching(new RegExp(`^--file ${JSON.stringify(broken).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not JSON: .+`)) });
  });
});
