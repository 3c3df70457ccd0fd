import { createHash } from 'node:crypto';
import { BadRequestException, UnprocessableEntityException } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@storefront/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { deletedRows } from './deleted-rows.js';
import { integer, readEnvConfig } from './env-config.js';
import { preparedQuery } from './prepared-query.js';
import { aesGcmOpen, aesGcmSeal } from './sealed-secrets.js';

export const IDEMPOTENCY_KEY_INVALID = `${IDEMPOTENCY_KEY_HEADER} must be 8 to 128 letters, digits, '-', '_' or ':'.`;
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used with a different request.';
/** Set on an answer that is a replay of an earlier one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * What a key guards, one per route, e.g. "order.create" or "form.submit": the key's record is the
 * pair (scope, key) (see idempotencyKeyHash), so the same key sent to two routes makes two records
 * and never collides. At most 32 characters (the column's size).
 */
export type IdempotencyScope = string;

/** An answer as sent, so a replay is byte for byte the same. */
export interface StoredAnswer<T = unknown> {
  status: number;
  body: T;
  /** a secret the answer carried (the order token): kept sealed, see sealSecret */
  secret?: string;
}

/** The header's value, undefined when absent; 400 when malformed. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new BadRequestException({ message: IDEMPOTENCY_KEY_INVALID, errorType: 'invalidIdempotencyKey' });
  }
  return header;
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** JSON with sorted keys: the same request sent with its keys in another order is still the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests "the same": scope, body and whatever else the caller names (the order
 * token). A body holding a secret (a password) should pass the Idempotency-Key as an extra: the
 * stored fingerprint then cannot be used to guess the secret (the key is random and never stored).
 */
export function requestFingerprint(scope: IdempotencyScope, body: unknown, ...extra: string[]): string {
  return sha256(`${scope}\n${canonicalJson(body)}\n${extra.join('\n')}`);
}

/**
 * The record's primary key: SHA-256 of the scope and the Idempotency-Key. A client that (rightly)
 * sends one key to two different routes gets two independent writes, not a 422 or the other route's
 * answer. Records stored before the scope was part of the hash are not found again (they expire
 * within IDEMPOTENCY_TTL_HOURS).
 */
export function idempotencyKeyHash(scope: IdempotencyScope, key: string): string {
  return sha256(`${scope}\n${key}`);
}

/**
 * The secret is encrypted with a key derived from the Idempotency-Key, which is stored only as a
 * hash: the database alone cannot reveal an order token, but the client that repeats its request
 * (and so knows the key) gets the same token back.
 */
function secretKey(idempotencyKey: string): Buffer {
  // The label is part of every sealed secret already stored by the orders service: keep it.
  return createHash('sha256').update(`orders idempotency secret\n${idempotencyKey}`, 'utf8').digest();
}

// The stored form predates SecretBox's versioned one (iv.tag.data, no AAD): rows already written keep opening.
function sealSecret(idempotencyKey: string, secret: string): string {
  const { iv, tag, data } = aesGcmSeal(secretKey(idempotencyKey), secret);
  return [iv, tag, data].map((part) => part.toString('base64url')).join('.');
}

function openSecret(idempotencyKey: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  return aesGcmOpen(secretKey(idempotencyKey), { iv: iv!, tag: tag!, data: data! });
}

interface RecordRow {
  scope: string;
  request_hash: string;
  response_status: number;
  response_body: unknown;
  sealed_secret: string | null;
}

/**
 * The table each service keeps its idempotent answers in (created in the service's own schema by a
 * migration), keyed by the SHA-256 of the route's scope and the Idempotency-Key, so a copy of the table alone does not let
 * anyone replay an answer.
 */
export const IDEMPOTENCY_RECORDS_DDL = `
  CREATE TABLE idempotency_records (
    key_hash char(64) PRIMARY KEY,
    scope varchar(32) NOT NULL,
    request_hash char(64) NOT NULL,
    response_status integer NOT NULL,
    response_body jsonb NOT NULL,
    sealed_secret text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`;

/** How long a key's answer is kept (Stripe's contract): IDEMPOTENCY_TTL_HOURS, default 24, at most a year. */
export const DEFAULT_IDEMPOTENCY_TTL_HOURS = 24;

/** IDEMPOTENCY_TTL_HOURS (1 to 8760); a bad value stops the start (read by the housekeeping module). */
export function readIdempotencyTtlHours(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ hours: integer('IDEMPOTENCY_TTL_HOURS', DEFAULT_IDEMPOTENCY_TTL_HOURS, 1, 8760) }, env).hours;
}

let ttlFromEnvironment: number | undefined;

/** The process's TTL, read once from the environment (tests pass their own to IdempotentWrite). */
function processTtlHours(): number {
  ttlFromEnvironment ??= readIdempotencyTtlHours();
  return ttlFromEnvironment;
}

/**
 * Deletes the answers older than `ttlHours` (the housekeeping job does, every HOUSEKEEPING_CRON tick),
 * at most `batch` rows per statement so no statement holds many locks; returns how many went. A key
 * sent again after that is a new request (IdempotentWrite treats an expired record so even before
 * it is deleted).
 */
export async function pruneIdempotencyRecords(dataSource: DataSource, ttlHours: number, batch = 5000, signal?: AbortSignal): Promise<number> {
  let removed = 0;
  for (;;) {
    signal?.throwIfAborted();
    const count = deletedRows(
      await dataSource.query(
        `WITH expired AS (
           SELECT key_hash FROM idempotency_records WHERE created_at < now() - $1::integer * interval '1 hour' LIMIT $2
         )
         DELETE FROM idempotency_records r USING expired WHERE r.key_hash = expired.key_hash`,
        [ttlHours, batch],
      ),
    );
    removed += count;
    if (count < batch) return removed;
  }
}

/**
 * Idempotent writes: the key is claimed by inserting its record in the SAME transaction as the
 * write it guards. A concurrent duplicate's INSERT waits on the primary key until the first
 * transaction ends: on commit it finds the record and replays the answer; on rollback (the first
 * failed, e.g. a 400) its own INSERT succeeds and it does the work itself. So exactly one write
 * happens, without a lock table, a "processing" state or polling, and errors are never replayed
 * (a shopper who fixes the form and resends with the same key gets a 422 only if the body changed
 * after a success). Cost: a duplicate holds a connection while it waits, which is bounded by the
 * first transaction's length (a few milliseconds).
 */
export class IdempotentWrite {
  private readonly keyHash: string;

  /**
   * `ttlHours`: how long an answer is replayed (default IDEMPOTENCY_TTL_HOURS, 24): a key whose record is
   * older is claimed again as a new request, whether or not housekeeping has deleted the record yet.
   */
  constructor(
    private readonly key: string,
    private readonly scope: IdempotencyScope,
    private readonly fingerprint: string,
    private readonly ttlHours: number = processTtlHours(),
  ) {
    this.keyHash = idempotencyKeyHash(scope, key);
  }

  /** Claims the key; undefined when this request is the first, else the earlier answer (422 when the request differs). */
  async claim<T>(manager: EntityManager): Promise<StoredAnswer<T> | undefined> {
    // An expired record is taken over in place (its row lock orders concurrent claims as for a new key).
    const claimed: unknown[] = await preparedQuery(
      manager,
      `INSERT INTO idempotency_records AS r (key_hash, scope, request_hash, response_status, response_body)
       VALUES ($1, $2, $3, 0, 'null'::jsonb)
       ON CONFLICT (key_hash) DO UPDATE
         SET scope = EXCLUDED.scope, request_hash = EXCLUDED.request_hash, response_status = 0,
             response_body = 'null'::jsonb, sealed_secret = NULL, created_at = now()
         WHERE r.created_at < now() - $4::integer * interval '1 hour'
       RETURNING key_hash`,
      [this.keyHash, this.scope, this.fingerprint, this.ttlHours],
    );
    if (claimed.length > 0) return undefined;
    const [row] = (await manager.query(
      `SELECT scope, request_hash, response_status, response_body, sealed_secret FROM idempotency_records WHERE key_hash = $1`,
      [this.keyHash],
    )) as RecordRow[];
    if (!row || row.scope !== this.scope || row.request_hash !== this.fingerprint) {
      throw new UnprocessableEntityException({ message: IDEMPOTENCY_KEY_REUSED, errorType: 'idempotencyKeyReused' });
    }
    return {
      status: row.response_status,
      body: row.response_body as T,
      ...(row.sealed_secret ? { secret: openSecret(this.key, row.sealed_secret) } : {}),
    };
  }

  /** Stores the answer of the claimed key, in the transaction that claimed it. */
  async complete(manager: EntityManager, answer: StoredAnswer): Promise<void> {
    await preparedQuery(
      manager,
      `UPDATE idempotency_records SET response_status = $2, response_body = $3::jsonb, sealed_secret = $4 WHERE key_hash = $1`,
      [this.keyHash, answer.status, JSON.stringify(answer.body), answer.secret ? sealSecret(this.key, answer.secret) : null],
    );
  }
}
