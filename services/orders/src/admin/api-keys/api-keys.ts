import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isUuid, type StaffRole } from '@storefront/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'sfk_';
/** `sfk_` and the base64url of 32 random bytes (256 bits). */
export const API_KEY_PATTERN = /^sfk_[A-Za-z0-9_-]{43}$/;
export const MAX_KEY_NAME_LENGTH = 100;

/** An API key as `api-keys list` shows it (never the key: only its hash is stored). */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** what the key may do, as a staff role (keys made before roles existed are managers) */
  role: StaffRole;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A refusal in the business's words (a duplicate name, an unknown key): the CLI prints it, exit 1. */
export class ApiKeyRefusal extends Error {
  override readonly name = 'ApiKeyRefusal';
}

export const API_KEY_NOT_FOUND = 'API key not found.';

type Queryable = DataSource | EntityManager;

interface KeyRow {
  id: string;
  name: string;
  role: StaffRole;
  key_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const summary = (row: KeyRow): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  role: row.role,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A key's name: trimmed, 1 to 100 printable characters; the problem otherwise. */
export function checkKeyName(name: string): { name: string } | { error: string } {
  const trimmed = name.trim();
  if (trimmed === '') return { error: 'The API key needs a name (who or what uses it, e.g. "reliability-harness").' };
  if (trimmed.length > MAX_KEY_NAME_LENGTH) return { error: `The API key's name must be at most ${MAX_KEY_NAME_LENGTH} characters.` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return { error: "The API key's name must not contain control characters." };
  return { name: trimmed };
}

/** Creates a key named `name`; the key itself is in the answer only (stored as its SHA-256). */
export async function createApiKey(db: Queryable, name: string, role: StaffRole = 'manager'): Promise<ApiKeySummary & { key: string }> {
  const checked = checkKeyName(name);
  if ('error' in checked) throw new ApiKeyRefusal(checked.error);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  try {
    const [row] = (await db.query(`INSERT INTO admin_api_key (name, key_hash, role) VALUES ($1, $2, $3) RETURNING *`, [checked.name, hashApiKey(key), role])) as KeyRow[];
    return { ...summary(row!), key };
  } catch (error) {
    if ((error as { code?: string }).code === '23505' && /active_name/.test(String((error as { constraint?: string }).constraint ?? (error as Error).message))) {
      throw new ApiKeyRefusal(`An active API key is already named "${checked.name}": revoke it first (api-keys revoke --id) or choose another name.`);
    }
    throw error;
  }
}

/** Every key, newest first, revoked ones included. */
export async function listApiKeys(db: Queryable): Promise<ApiKeySummary[]> {
  return ((await db.query(`SELECT * FROM admin_api_key ORDER BY created_at DESC, id`)) as KeyRow[]).map(summary);
}

/** Revokes the key: it stops working within ACTIVE_KEY_MEMO_MS (ApiKeyMatcher). Refused: an unknown id, a key already revoked. */
export async function revokeApiKey(db: Queryable, id: string): Promise<ApiKeySummary> {
  if (!isUuid(id)) throw new ApiKeyRefusal(API_KEY_NOT_FOUND);
  const [row] = (await db.query(`SELECT * FROM admin_api_key WHERE id = $1`, [id])) as KeyRow[];
  if (!row) throw new ApiKeyRefusal(API_KEY_NOT_FOUND);
  if (row.revoked_at) throw new ApiKeyRefusal(`API key ${row.id} ("${row.name}") was already revoked on ${row.revoked_at.toISOString()}.`);
  const [[revoked]] = (await db.query(`UPDATE admin_api_key SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING *`, [id])) as [KeyRow[], number];
  if (!revoked) throw new ApiKeyRefusal(`API key ${row.id} ("${row.name}") was already revoked.`);
  return summary(revoked);
}

/** What a presented key is: an active key's holder, a revoked key, or nothing we issued. */
export type KeyMatch = { status: 'active'; id: string; name: string; role: StaffRole } | { status: 'revoked' } | { status: 'unknown' };

/** Looks the key up by its hash (unique index) and compares the stored hash in constant time before trusting the row. */
async function matchApiKeyHash(db: Queryable, hash: string): Promise<KeyMatch> {
  const [row] = (await db.query(`SELECT id, name, role, key_hash, revoked_at FROM admin_api_key WHERE key_hash = $1`, [hash])) as KeyRow[];
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'utf8'), Buffer.from(hash, 'utf8'))) return { status: 'unknown' };
  if (row.revoked_at) return { status: 'revoked' };
  return { status: 'active', id: row.id, name: row.name, role: row.role };
}

/** How long a process trusts an active key it has matched before it reads the key's row again. */
export const ACTIVE_KEY_MEMO_MS = 1_000;
/** Active keys are few; past this many remembered at once, the memo starts again (a bound, not an expected size). */
const MAX_REMEMBERED_KEYS = 1_000;

/**
 * What a presented key is, with the last second's active matches remembered in the process. Anything
 * not shaped like our keys is unknown without a query. Automation calls the admin API in bursts with
 * one key, and the key's row was one of the two round trips of an orders list page (issue 35's p95
 * target). What it costs: a key revoked (by `api-keys revoke`, in another process) keeps working on
 * each replica for at most ACTIVE_KEY_MEMO_MS. Only active matches are remembered, so a revoked,
 * unknown or mistyped key is read, and counted as a failed guess, every time. Remembered by the key's
 * hash, as the table finds it.
 */
export class ApiKeyMatcher {
  private readonly active = new Map<string, { match: KeyMatch & { status: 'active' }; until: number }>();

  constructor(
    private readonly db: Queryable,
    private readonly memoMs = ACTIVE_KEY_MEMO_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async match(key: string): Promise<KeyMatch> {
    if (!API_KEY_PATTERN.test(key)) return { status: 'unknown' };
    const hash = hashApiKey(key);
    const remembered = this.active.get(hash);
    if (remembered !== undefined && remembered.until > this.now()) return remembered.match;
    const match = await matchApiKeyHash(this.db, hash);
    if (match.status !== 'active') {
      this.active.delete(hash);
      return match;
    }
    if (this.active.size >= MAX_REMEMBERED_KEYS) this.active.clear();
    this.active.set(hash, { match, until: this.now() + this.memoMs });
    return match;
  }
}

/** Whether any key is active: none, and the admin API answers 404 as if it did not exist. */
export async function anyActiveApiKey(db: Queryable): Promise<boolean> {
  const [row] = (await db.query(`SELECT EXISTS (SELECT 1 FROM admin_api_key WHERE revoked_at IS NULL) AS present`)) as { present: boolean }[];
  return row!.present;
}

/** Notes the key's use, at most once a minute (a write per request would cost every admin call). */
export async function noteApiKeyUsed(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE admin_api_key SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`, [id]);
}

/** The readable form of `api-keys list`. */
export function apiKeysTable(keys: readonly ApiKeySummary[]): string {
  if (keys.length === 0) return 'No API keys. Create one with: npm run -s backoffice -- api-keys create --name <name>';
  const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');
  const rows = [['ID', 'NAME', 'ROLE', 'CREATED (UTC)', 'LAST USED', 'REVOKED'], ...keys.map((key) => [key.id, key.name, key.role, when(key.createdAt), when(key.lastUsedAt), when(key.revokedAt)])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}
