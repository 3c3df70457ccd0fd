import { ForbiddenException, HttpException, HttpStatus, Injectable, Logger, NotFoundException, Optional, UnauthorizedException, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ADMIN_MESSAGES, STAFF_MESSAGES, roleAllows, type RouteSpec } from '@storefront/contracts';
import {
  BatchedThrottlerStorage,
  Housekeeping,
  PostgresThrottlerStorage,
  RATE_LIMIT_MESSAGE,
  integer,
  readEnvConfig,
  type AdminCaller,
  type AdminCredentials,
} from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { StaffSessions, anyActiveStaff } from '../../staff/index.js';
import { auditRetentionTask, auditorOf, recordAudit } from '../audit/admin-audit.js';
import { ApiKeyMatcher, anyActiveApiKey, noteApiKeyUsed } from './api-keys.js';

/** How long failed key guesses are counted (and an address over the limit waits). */
export const FAILED_KEY_WINDOW_MS = 15 * 60_000;

export const ADMIN_LIMIT_VARIABLES = {
  perMinute: 'RATE_LIMIT_ADMIN_PER_MINUTE',
  failedKeys: 'RATE_LIMIT_ADMIN_FAILED_KEYS',
} as const;

export interface AdminLimits {
  /** admin requests per client address per minute, whatever their key */
  perMinute: number;
  /** missing, wrong or revoked keys per client address per 15 minutes */
  failedKeys: number;
}

export function readAdminLimits(env: Record<string, string | undefined> = process.env): AdminLimits {
  return readEnvConfig(
    {
      perMinute: integer(ADMIN_LIMIT_VARIABLES.perMinute, 60, 1, 1_000_000),
      failedKeys: integer(ADMIN_LIMIT_VARIABLES.failedKeys, 10, 1, 1_000_000),
    },
    env,
  );
}

const THROTTLER = { perAddress: 'admin', failedKeys: 'admin-failed-keys' } as const;

function tooMany(response: Response, retryAfterSeconds: number, message: string): HttpException {
  response.setHeader('Retry-After', String(retryAfterSeconds));
  return new HttpException({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message }, HttpStatus.TOO_MANY_REQUESTS);
}

/** The bearer of `Authorization: Bearer <key>`, else undefined. */
export function bearerOf(request: Request): string | undefined {
  return /^Bearer[ ]+(\S+)\s*$/i.exec(request.get('Authorization') ?? '')?.[1];
}

/**
 * The orders service's admin credentials (service-kit's AdminRateLimitGuard and AdminKeyGuard call
 * it): API keys from admin_api_key; limits counted in rate_limit_hits, shared by the replicas. The
 * failed-key limit is checked before the key, so an address that is over it learns nothing from its
 * next guess, even a right one. Also keeps the audit's retention (a housekeeping task).
 *
 * Every admin call is counted in the process and shared once a second (BatchedThrottlerStorage), and
 * its address's failed-key block is read at most once a second: the per-call upsert and block read
 * were half the round trips of the orders list (issue 35's p95 target). What that costs is bounded:
 * with R replicas an address gets at most one second of the others' calls over its per-minute limit,
 * and a block another replica set applies here within a second. Failed keys themselves are counted
 * in PostgreSQL exactly, one upsert per failure: the guesses are what the limit is for. An active
 * key's row is read at most once a second per process (ApiKeyMatcher): a revoked key stops working
 * within a second.
 */
@Injectable()
export class OrdersAdminCredentials implements AdminCredentials, OnModuleInit, OnApplicationShutdown {
  private readonly limits = readAdminLimits();
  private readonly logger = new Logger('admin-access');
  private readonly storage: PostgresThrottlerStorage;
  private readonly calls: BatchedThrottlerStorage;
  private readonly keys: ApiKeyMatcher;
  /** when this process last noted each key's use: the note is at most once a minute anyway, so most calls need no UPDATE */
  private readonly keysNoted = new Map<string, number>();

  constructor(
    private readonly db: DataSource,
    private readonly staffSessions: StaffSessions,
    @Optional() private readonly housekeeping?: Housekeeping,
  ) {
    this.storage = new PostgresThrottlerStorage(db);
    this.calls = new BatchedThrottlerStorage(db);
    this.keys = new ApiKeyMatcher(db);
  }

  onModuleInit(): void {
    this.housekeeping?.add(auditRetentionTask(this.db));
  }

  /** The calls counted since the last flush are shared before the process ends. */
  async onApplicationShutdown(): Promise<void> {
    await this.calls.close();
  }

  private address(request: Request): string {
    return request.ip ?? request.socket.remoteAddress ?? 'unknown';
  }

  async throttle(request: Request, response: Response): Promise<void> {
    const address = this.address(request);
    const calls = await this.calls.increment(`admin:${address}`, 60_000, this.limits.perMinute, 60_000, THROTTLER.perAddress);
    if (calls.isBlocked) throw tooMany(response, calls.timeToBlockExpire, RATE_LIMIT_MESSAGE);
    const blocked = await this.calls.blockedFor(`admin-failed-keys:${address}`, THROTTLER.failedKeys);
    if (blocked > 0) throw tooMany(response, blocked, ADMIN_MESSAGES.tooManyFailedKeys);
  }

  async authenticate(request: Request, route: RouteSpec | undefined): Promise<AdminCaller> {
    const caller = await this.callerOf(request);
    const needed = route?.role ?? 'sales';
    if (!roleAllows(caller.role, needed)) {
      const message = STAFF_MESSAGES.roleRefused(caller.role, needed);
      // a refused role is a write that did not happen: audited like one, whatever the method
      await recordAudit(this.db, { ...auditorOf(caller), action: `${request.method} ${route?.path ?? request.path}`, target: null, outcome: 'refused', detail: message });
      throw new ForbiddenException({ message, errorType: 'roleRefused' });
    }
    return caller;
  }

  /**
   * Who calls: the staff member of a live session (a write must echo its CSRF token: 403 otherwise),
   * else the holder of an active API key. Without either, 404 while the service has no staff member
   * and no active key (the admin API as if it did not exist), else 401; a wrong key counts as a
   * failed guess of its address.
   */
  private async callerOf(request: Request): Promise<AdminCaller> {
    const staff = await this.staffSessions.signedIn(request);
    if (staff) return { kind: 'staff', id: staff.staffId, name: staff.email, role: staff.role, sessionId: staff.sessionId };
    const key = bearerOf(request);
    const carriedSession = this.staffSessions.carriesSession(request);
    if (key === undefined && carriedSession) {
      throw new UnauthorizedException({ message: STAFF_MESSAGES.sessionEnded, errorType: 'signInRequired' });
    }
    const match = key === undefined ? ({ status: 'unknown' } as const) : await this.keys.match(key);
    if (match.status === 'active') {
      const noted = this.keysNoted.get(match.id) ?? 0;
      if (Date.now() - noted >= 60_000) {
        this.keysNoted.set(match.id, Date.now());
        await noteApiKeyUsed(this.db, match.id);
      }
      return { kind: 'api-key', id: match.id, name: match.name, role: match.role };
    }
    // switched off while nobody can use it: as if the route did not exist, and no guess to count
    if (!(await anyActiveApiKey(this.db)) && !(await anyActiveStaff(this.db))) throw new NotFoundException(`Cannot ${request.method} ${request.path}`);
    if (key === undefined) throw new UnauthorizedException({ message: ADMIN_MESSAGES.keyRequired, errorType: 'signInRequired' });
    const address = this.address(request);
    const failures = await this.storage.increment(`admin-failed-keys:${address}`, FAILED_KEY_WINDOW_MS, this.limits.failedKeys, FAILED_KEY_WINDOW_MS, THROTTLER.failedKeys);
    // never the key itself: a near miss of a real one would end up in the logs
    this.logger.warn(`Admin API key refused (${match.status === 'revoked' ? 'revoked' : 'unknown'}) from ${address}`, {
      event: 'admin.key-refused',
      address,
      failures: failures.totalHits,
    });
    if (failures.isBlocked) {
      this.calls.noteBlocked(`admin-failed-keys:${address}`, THROTTLER.failedKeys, failures.timeToBlockExpire);
      throw tooMany(request.res!, failures.timeToBlockExpire, ADMIN_MESSAGES.tooManyFailedKeys);
    }
    throw new UnauthorizedException(match.status === 'revoked' ? ADMIN_MESSAGES.keyRevoked : ADMIN_MESSAGES.keyRequired);
  }
}
