import { BadRequestException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_MESSAGES, readCookieNamed, type AccountSession } from '@storefront/contracts';
import type { Request, Response } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { hashSecretToken, newSecretToken } from '../../tokens/secret-token.js';
import { isUuid } from '../customers/customers.js';
import { describeClient } from './client-description.js';
import { assertSameSiteWrite, csrfTokenMatches, forgeryRefused, isSafeMethod } from './forgery.js';
import { SESSION_CONFIG, type SessionConfig } from './session-config.js';
import { clearedSessionCookies, sessionCookieNames, sessionCookies, type SessionTokens } from './session-cookies.js';

/** Who a valid session says is signed in. */
export interface SignedInCustomer {
  customerId: string;
  sessionId: string;
  email: string;
}

/** A session just started: its tokens go to the browser once, as cookies, and are stored nowhere. */
export interface StartedSession extends SessionTokens {
  sessionId: string;
  expiresAt: Date;
}

interface SessionRow {
  id: string;
  customer_id: string;
  csrf_hash: string;
  email: string;
  expired: boolean;
  /** last used more than a minute ago: time to move last_seen_at */
  stale: boolean;
}

/** last_seen_at moves at most once a minute per session: not a write per request. */
const LAST_SEEN_STEP = "interval '1 minute'";

/** A session token is 43 base64url characters; anything far from that is not one (no query for it). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/**
 * Customer sessions: an opaque token in the httpOnly `sf_session` cookie (`__Host-sf_session`
 * over HTTPS), of which only the SHA-256 is stored (lookup by hash), with an absolute expiry in the row
 * and an idle one from its last use (last_seen_at); a second token is the
 * CSRF token (`sf_csrf`, readable by the page), whose SHA-256 is in the same row. A write with a
 * session must echo it in X-CSRF-Token. Expired rows are deleted when met and by the accounts'
 * clean-up job.
 */
@Injectable()
export class CustomerSessions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SESSION_CONFIG) private readonly config: SessionConfig,
  ) {}

  /**
   * The signed-in customer of this request, or undefined (no cookie, an unknown or expired session).
   * A write (any method but GET/HEAD) that carries a session must come from our own pages: from
   * another site (Sec-Fetch-Site, Origin) or without the session's X-CSRF-Token it is refused with 403
   * ACCOUNT_MESSAGES.forgeryRefused. POST /api/order uses this to make an order the customer's.
   */
  async optionalCustomer(request: Request): Promise<SignedInCustomer | undefined> {
    const session = await this.sessionOf(request);
    if (!session) return undefined;
    if (!isSafeMethod(request.method)) {
      assertSameSiteWrite(request.method, request.headers);
      if (!csrfTokenMatches(request.headers, session.csrf_hash)) throw forgeryRefused();
    }
    return { customerId: session.customer_id, sessionId: session.id, email: session.email };
  }

  /** As optionalCustomer, but 401 ACCOUNT_MESSAGES.signInRequired without a valid session. */
  async requireCustomer(request: Request): Promise<SignedInCustomer> {
    if (!isSafeMethod(request.method)) assertSameSiteWrite(request.method, request.headers);
    const customer = await this.optionalCustomer(request);
    if (!customer) throw new UnauthorizedException({ message: ACCOUNT_MESSAGES.signInRequired, errorType: 'signInRequired' });
    return customer;
  }

  /**
   * The session token the request carries: over HTTPS only the `__Host-` cookie counts (a plain one
   * could have been planted by a sibling subdomain), over http://localhost the plain one.
   */
  private tokenOf(request: Request): string | undefined {
    const token = readCookieNamed(request.headers.cookie, sessionCookieNames(this.config.secureCookies).session);
    return token && TOKEN_SHAPE.test(token) ? token : undefined;
  }

  /**
   * The session named by the request's cookie, if it exists, has not expired and was used within the
   * idle limit (SESSION_IDLE_HOURS); one that ended either way is deleted. Its last use is recorded.
   */
  private async sessionOf(request: Request): Promise<SessionRow | undefined> {
    const token = this.tokenOf(request);
    if (!token) return undefined;
    const [row] = (await this.dataSource.query(
      `SELECT s.id, s.customer_id, s.csrf_hash, c.email,
              (s.expires_at <= now() OR s.last_seen_at <= now() - $2 * interval '1 millisecond') AS expired,
              s.last_seen_at < now() - ${LAST_SEEN_STEP} AS stale
         FROM customer_session s JOIN customer c ON c.id = s.customer_id
        WHERE s.token_hash = $1`,
      [hashSecretToken(token), this.config.idleMs],
    )) as SessionRow[];
    if (!row) return undefined;
    if (row.expired) {
      await this.dataSource.query(`DELETE FROM customer_session WHERE id = $1`, [row.id]);
      return undefined;
    }
    if (row.stale) await this.dataSource.query(`UPDATE customer_session SET last_seen_at = now() WHERE id = $1`, [row.id]);
    return row;
  }

  /**
   * Starts a session for the customer through `manager` (the caller's transaction); set its cookies
   * with `setCookies`. `userAgent` is the browser's, of which only a coarse description is kept (the
   * customer's list of sessions shows it).
   */
  async start(manager: EntityManager, customerId: string, userAgent?: string): Promise<StartedSession> {
    const sessionToken = newSecretToken();
    const csrfToken = newSecretToken();
    const [row] = (await manager.query(
      `INSERT INTO customer_session (token_hash, csrf_hash, customer_id, expires_at, client)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond', $5)
       RETURNING id, expires_at`,
      [hashSecretToken(sessionToken), hashSecretToken(csrfToken), customerId, this.config.ttlMs, describeClient(userAgent)],
    )) as { id: string; expires_at: Date }[];
    return { sessionId: row!.id, expiresAt: new Date(row!.expires_at), sessionToken, csrfToken };
  }

  /** Hands the browser a started session's cookies (Max-Age: what is left of its life). */
  setCookies(response: Response, session: StartedSession): void {
    const maxAgeMs = Math.min(this.config.ttlMs, session.expiresAt.getTime() - Date.now());
    response.append('Set-Cookie', sessionCookies(session, { maxAgeMs, secure: this.config.secureCookies }));
    response.setHeader('Cache-Control', 'private, no-store');
  }

  clearCookies(response: Response): void {
    response.append('Set-Cookie', clearedSessionCookies(this.config.secureCookies));
    response.setHeader('Cache-Control', 'private, no-store');
  }

  /**
   * Sign-out: deletes the request's session (if any) and clears both cookies. A request that carries a
   * live session must prove it is ours (CSRF token, same site), else 403; without one it just clears.
   */
  async end(request: Request, response: Response): Promise<void> {
    const customer = await this.optionalCustomer(request);
    if (customer) await this.dataSource.query(`DELETE FROM customer_session WHERE id = $1`, [customer.sessionId]);
    this.clearCookies(response);
  }

  /**
   * Deletes the session the request's cookie names, without checks: signing in (or registering) in a
   * browser replaces whatever session it had, so the old token stops working at once.
   */
  async replaceCurrent(request: Request): Promise<void> {
    const token = this.tokenOf(request);
    if (token) await this.dataSource.query(`DELETE FROM customer_session WHERE token_hash = $1`, [hashSecretToken(token)]);
  }

  /** A new session in this browser (sign-in, registration, a reset): whatever session it had ends, and it gets the new one's cookies. */
  async startHere(request: Request, response: Response, session: StartedSession): Promise<void> {
    await this.replaceCurrent(request);
    this.setCookies(response, session);
  }

  /**
   * "Sign out everywhere": every session of the signed-in customer's account ends (every browser and
   * device), and this browser's cookies are cleared. 401 without a session, 403 without its CSRF token.
   */
  async endEverywhere(request: Request, response: Response): Promise<void> {
    const customer = await this.requireCustomer(request);
    await this.endAll(this.dataSource.manager, customer.customerId);
    this.clearCookies(response);
  }

  /** Ends every session of the customer (a password reset), through the caller's transaction. */
  async endAll(manager: EntityManager, customerId: string): Promise<void> {
    await manager.query(`DELETE FROM customer_session WHERE customer_id = $1`, [customerId]);
  }

  /** The customer's live sessions, most recently used first; `current` marks the request's own. */
  async list(customer: SignedInCustomer): Promise<AccountSession[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, client, created_at, last_seen_at FROM customer_session
        WHERE customer_id = $1 AND expires_at > now() AND last_seen_at > now() - $2 * interval '1 millisecond'
        ORDER BY last_seen_at DESC, created_at DESC`,
      [customer.customerId, this.config.idleMs],
    )) as { id: string; client: string; created_at: Date; last_seen_at: Date }[];
    return rows.map((row) => ({
      id: row.id,
      client: row.client,
      createdAt: new Date(row.created_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      current: row.id === customer.sessionId,
    }));
  }

  /**
   * Ends one other session of the customer. 400 for the session in use (sign-out ends that one and
   * clears its cookies), 404 for one that is not theirs or is gone: both look alike to anyone else.
   */
  async endOne(customer: SignedInCustomer, sessionId: string): Promise<void> {
    if (sessionId === customer.sessionId) throw new BadRequestException({ message: ACCOUNT_MESSAGES.sessionIsCurrent, errorType: 'sessionIsCurrent' });
    const notFound = new NotFoundException({ message: ACCOUNT_MESSAGES.sessionNotFound, errorType: 'sessionNotFound' });
    if (!isUuid(sessionId)) throw notFound;
    const [, count] = (await this.dataSource.query(`DELETE FROM customer_session WHERE id = $1 AND customer_id = $2`, [sessionId, customer.customerId])) as [
      unknown,
      number,
    ];
    if (count === 0) throw notFound;
  }

  /** The clean-up job's part: sessions past their expiry. Returns how many were deleted. */
  async deleteExpired(): Promise<number> {
    const [, count] = (await this.dataSource.query(`DELETE FROM customer_session WHERE expires_at <= now() OR last_seen_at <= now() - $1 * interval '1 millisecond'`, [
      this.config.idleMs,
    ])) as [unknown, number];
    return count;
  }
}
