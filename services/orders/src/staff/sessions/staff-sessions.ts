import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HOST_COOKIE_PREFIX, STAFF_CSRF_COOKIE, STAFF_MESSAGES, STAFF_SESSION_COOKIE, readCookieNamed, type StaffRole } from '@storefront/contracts';
import type { Request, Response } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { crossSiteReason, csrfTokenMatches, describeClient, isSafeMethod, setCookieValue } from '../../accounts/index.js';
import { hashSecretToken, newSecretToken } from '../../tokens/secret-token.js';
import { STAFF_CONFIG, type StaffConfig } from '../staff-config.js';

/** Who a live staff session says is signed in. */
export interface SignedInStaff {
  staffId: string;
  sessionId: string;
  email: string;
  name: string;
  role: StaffRole;
  twoFactor: boolean;
  expiresAt: Date;
}

/** A session just started: its two tokens go to the browser once, as cookies, and are stored nowhere. */
export interface StartedStaffSession {
  sessionId: string;
  expiresAt: Date;
  sessionToken: string;
  csrfToken: string;
}

interface SessionRow {
  id: string;
  staff_id: string;
  csrf_hash: string;
  email: string;
  name: string;
  role: StaffRole;
  two_factor: boolean;
  expires_at: Date;
  ended: boolean;
  stale: boolean;
}

/** A session token is 43 base64url characters; anything far from that is not one (no query for it). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/** 403 for a staff write that did not come from the back office's own pages. */
export function staffForgeryRefused(): ForbiddenException {
  return new ForbiddenException({ message: STAFF_MESSAGES.forgeryRefused, errorType: 'forgeryRefused' });
}

/**
 * Staff sessions, apart from the customers': an opaque token in the httpOnly `sf_staff` cookie
 * (`__Host-sf_staff` over HTTPS, SameSite=Strict: the back office is never entered signed in from
 * another site), stored as its SHA-256, with a CSRF token (`sf_staff_csrf`) that every write echoes.
 * A session ends 30 minutes after its last request or 12 hours after sign-in, whichever is first,
 * and at once when its staff member is disabled or signs out everywhere. Ended rows are deleted
 * when met and by the accounts' clean-up job.
 */
@Injectable()
export class StaffSessions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STAFF_CONFIG) private readonly config: StaffConfig,
  ) {}

  cookieNames(): { session: string; csrf: string } {
    const prefix = this.config.secureCookies ? HOST_COOKIE_PREFIX : '';
    return { session: `${prefix}${STAFF_SESSION_COOKIE}`, csrf: `${prefix}${STAFF_CSRF_COOKIE}` };
  }

  /** Does the request carry a staff session cookie at all (live or not)? */
  carriesSession(request: Request): boolean {
    return this.tokenOf(request) !== undefined;
  }

  private tokenOf(request: Request): string | undefined {
    const token = readCookieNamed(request.headers.cookie, this.cookieNames().session);
    return token && TOKEN_SHAPE.test(token) ? token : undefined;
  }

  /**
   * The staff member of the request's live session, or undefined. A write (any method but GET/HEAD)
   * with a session must come from the back office: from another site, or without the session's
   * X-CSRF-Token, it is refused (403) before anything else is looked at.
   */
  async signedIn(request: Request): Promise<SignedInStaff | undefined> {
    const token = this.tokenOf(request);
    if (!token) return undefined;
    if (!isSafeMethod(request.method) && crossSiteReason(request.headers)) throw staffForgeryRefused();
    const [row] = (await this.dataSource.query(
      `SELECT s.id, s.staff_id, s.csrf_hash, s.expires_at, m.email, m.name, m.role, m.totp_secret IS NOT NULL AS two_factor,
              (s.expires_at <= now() OR s.last_seen_at <= now() - $2 * interval '1 millisecond' OR m.disabled_at IS NOT NULL) AS ended,
              s.last_seen_at < now() - interval '30 seconds' AS stale
         FROM staff_session s JOIN staff_member m ON m.id = s.staff_id
        WHERE s.token_hash = $1`,
      [hashSecretToken(token), this.config.idleMs],
    )) as SessionRow[];
    if (!row) return undefined;
    if (row.ended) {
      await this.dataSource.query(`DELETE FROM staff_session WHERE id = $1`, [row.id]);
      return undefined;
    }
    if (!isSafeMethod(request.method) && !csrfTokenMatches(request.headers, row.csrf_hash)) throw staffForgeryRefused();
    // the idle clock restarts at most every 30 s: not a write per request, and never more than 30 s early
    if (row.stale) await this.dataSource.query(`UPDATE staff_session SET last_seen_at = now() WHERE id = $1`, [row.id]);
    return {
      staffId: row.staff_id,
      sessionId: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      twoFactor: row.two_factor,
      expiresAt: new Date(row.expires_at),
    };
  }

  /** Starts a session through the caller's transaction (sign-in, setup); set its cookies with `setCookies`. */
  async start(manager: EntityManager, staffId: string, userAgent?: string): Promise<StartedStaffSession> {
    const sessionToken = newSecretToken();
    const csrfToken = newSecretToken();
    const [row] = (await manager.query(
      `INSERT INTO staff_session (token_hash, csrf_hash, staff_id, expires_at, client)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond', $5)
       RETURNING id, expires_at`,
      [hashSecretToken(sessionToken), hashSecretToken(csrfToken), staffId, this.config.absoluteMs, describeClient(userAgent)],
    )) as { id: string; expires_at: Date }[];
    await manager.query(`UPDATE staff_member SET last_sign_in_at = now() WHERE id = $1`, [staffId]);
    return { sessionId: row!.id, expiresAt: new Date(row!.expires_at), sessionToken, csrfToken };
  }

  /**
   * The browser's cookies for a started session. Max-Age is the absolute limit's remainder: the idle
   * limit is the server's to enforce (a cookie's age cannot slide without a Set-Cookie per request).
   */
  setCookies(response: Response, session: StartedStaffSession): void {
    const names = this.cookieNames();
    const options = { maxAgeMs: Math.min(this.config.absoluteMs, session.expiresAt.getTime() - Date.now()), secure: this.config.secureCookies };
    response.append('Set-Cookie', [setCookieValue(names.session, session.sessionToken, options, true, 'Strict'), setCookieValue(names.csrf, session.csrfToken, options, false, 'Strict')]);
    response.setHeader('Cache-Control', 'private, no-store');
  }

  clearCookies(response: Response): void {
    const names = this.cookieNames();
    const options = { maxAgeMs: 0, secure: this.config.secureCookies };
    response.append('Set-Cookie', [setCookieValue(names.session, '', options, true, 'Strict'), setCookieValue(names.csrf, '', options, false, 'Strict')]);
    response.setHeader('Cache-Control', 'private, no-store');
  }

  /** Ends the session the request's cookie names, whatever its state (a new sign-in in this browser replaces it). */
  async endCurrent(request: Request): Promise<void> {
    const token = this.tokenOf(request);
    if (token) await this.dataSource.query(`DELETE FROM staff_session WHERE token_hash = $1`, [hashSecretToken(token)]);
  }

  async end(sessionId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM staff_session WHERE id = $1`, [sessionId]);
  }

  /** Every session of the staff member, through the caller's transaction (sign out everywhere, a new setup link used). */
  async endAll(manager: Pick<EntityManager, 'query'>, staffId: string): Promise<void> {
    await manager.query(`DELETE FROM staff_session WHERE staff_id = $1`, [staffId]);
  }

  /** The clean-up job's part: sessions past either limit. */
  async deleteEnded(): Promise<number> {
    const [, count] = (await this.dataSource.query(`DELETE FROM staff_session WHERE expires_at <= now() OR last_seen_at <= now() - $1 * interval '1 millisecond'`, [
      this.config.idleMs,
    ])) as [unknown, number];
    return count;
  }
}
