import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_PATHS,
  STAFF_MESSAGES,
  type StaffCreateRequest,
  type StaffCreateResponse,
  type StaffSetupCompleteRequest,
  type StaffSetupStartResponse,
} from '@storefront/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { Passwords } from '../../accounts/index.js';
import { linkSiteUrlOf } from '../../quotes/index.js';
import { hashSecretToken, newSecretToken } from '../../tokens/secret-token.js';
import { findStaff, insertStaff, staffMemberOf, StaffRefusal, type StaffRecord } from '../members/staff-members.js';
import { StaffSessions, type StartedStaffSession } from '../sessions/staff-sessions.js';
import { STAFF_CONFIG, TOTP_KEY_VARIABLE, type StaffConfig } from '../staff-config.js';
import { replaceRecoveryCodes } from '../two-factor/recovery-codes.js';
import { matchingTotpStep, newTotpSecret, totpKeyUri } from '../two-factor/totp.js';
import { openTotpSecret, sealTotpSecret } from '../two-factor/totp-secrets.js';

/** The back office's page a setup link opens (its token in the query). */
export const STAFF_SETUP_PAGE = ADMIN_PATHS.setup;

interface LinkRow {
  id: string;
  staff_id: string;
  /** sealed (two-factor/totp-secrets.ts): the link shows it again on every opening, so it cannot be a hash */
  pending_totp_secret: string;
  expires_at: Date;
}

/** A live link with its authenticator key opened. */
interface OpenedLink {
  link: LinkRow;
  staff: StaffRecord;
  totpSecret: string;
}

const invalidLink = () => new BadRequestException({ message: STAFF_MESSAGES.setupLinkInvalid, errorType: 'setupLinkInvalid' });

/**
 * Setup links: how a staff member gets a password and an authenticator. A manager (or, for the first
 * manager, the command line) adds a colleague and gets a one-time link, `/admin/setup?token=…` (256
 * random bits, stored as its SHA-256, a day long; a new link replaces an unused one). Opening it shows
 * who it is for and a new authenticator key, kept with the link so a reload shows the same one; using
 * it sets the password and that key (proven by a current code), answers ten recovery codes once, ends
 * any session the staff member had (a reset after a lost phone) and signs them in. The key is stored
 * sealed with STAFF_TOTP_ENCRYPTION_KEY, on the link and then on the staff member.
 */
@Injectable()
export class StaffSetup {
  private readonly logger = new Logger('StaffSetup');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STAFF_CONFIG) private readonly config: StaffConfig,
    private readonly passwords: Passwords,
    private readonly sessions: StaffSessions,
  ) {}

  /** Adds a staff member and their first setup link, through the caller's (audited) transaction. */
  async create(manager: EntityManager, input: StaffCreateRequest, siteUrl = linkSiteUrlOf(process.env)): Promise<StaffCreateResponse> {
    const staff = await insertStaff(manager, input);
    return { staff: staffMemberOf(staff), setupLink: await this.issueLink(manager, staff, siteUrl) };
  }

  /** A new setup link for an existing staff member (their older unused links stop working). */
  async newLink(manager: EntityManager, staffId: string, siteUrl = linkSiteUrlOf(process.env)): Promise<StaffCreateResponse> {
    const staff = await findStaff(manager, staffId, { lock: true });
    if (!staff) throw new StaffRefusal(STAFF_MESSAGES.staffNotFound, 'not-found');
    return { staff: staffMemberOf(staff), setupLink: await this.issueLink(manager, staff, siteUrl) };
  }

  private async issueLink(manager: EntityManager, staff: StaffRecord, siteUrl: string): Promise<StaffCreateResponse['setupLink']> {
    const token = newSecretToken();
    await manager.query(`DELETE FROM staff_setup_link WHERE staff_id = $1 AND used_at IS NULL`, [staff.id]);
    const [row] = (await manager.query(
      `INSERT INTO staff_setup_link (staff_id, token_hash, pending_totp_secret, expires_at)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond') RETURNING expires_at`,
      [staff.id, hashSecretToken(token), sealTotpSecret(this.config.totpKeys, staff.id, newTotpSecret()), this.config.setupLinkMs],
    )) as { expires_at: Date }[];
    const path = `${STAFF_SETUP_PAGE}?token=${encodeURIComponent(token)}`;
    return { path, url: `${siteUrl.replace(/\/+$/, '')}${path}`, expiresAt: new Date(row!.expires_at).toISOString() };
  }

  private async liveLink(db: Pick<EntityManager, 'query'>, token: string, { lock = false } = {}): Promise<OpenedLink> {
    const [link] = (await db.query(
      `SELECT id, staff_id, pending_totp_secret, expires_at FROM staff_setup_link
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()${lock ? ' FOR UPDATE' : ''}`,
      [hashSecretToken(token)],
    )) as LinkRow[];
    const staff = link && (await findStaff(db, link.staff_id));
    if (!link || !staff || staff.disabledAt) throw invalidLink();
    try {
      return { link, staff, totpSecret: openTotpSecret(this.config.totpKeys, staff.id, link.pending_totp_secret) };
    } catch {
      // sealed under another key (STAFF_TOTP_ENCRYPTION_KEY changed): the link is of no use, a new one is
      this.logger.error(`A setup link's authenticator key does not open with ${TOTP_KEY_VARIABLE} (was it changed?)`, { event: 'staff.totp-unreadable', staffId: staff.id });
      throw invalidLink();
    }
  }

  /** Who the link is for and the authenticator key to enrol (the same key for every opening of one link). */
  async start(token: string): Promise<StaffSetupStartResponse> {
    const { link, staff, totpSecret } = await this.liveLink(this.dataSource, token);
    return {
      email: staff.email,
      name: staff.name,
      role: staff.role,
      twoFactorRequired: this.config.twoFactor === 'required',
      totp: { secret: totpSecret, uri: totpKeyUri(totpSecret, this.config.issuer, staff.email) },
      expiresAt: new Date(link.expires_at).toISOString(),
    };
  }

  /**
   * Uses the link once (its row locked, so two tabs cannot both): the password (argon2id) and, with a
   * current code of the link's key, the authenticator; the code's step is recorded as used. Without a
   * code the authenticator is left off, which only STAFF_TWO_FACTOR=optional allows.
   */
  async complete(input: StaffSetupCompleteRequest, userAgent?: string): Promise<{ staff: StaffRecord; recoveryCodes: string[]; session: StartedStaffSession }> {
    const passwordHash = await this.passwords.hash(input.password);
    return this.dataSource.transaction(async (manager) => {
      const { link, staff, totpSecret } = await this.liveLink(manager, input.token, { lock: true });
      const code = input.code?.trim() ?? '';
      let totpStep: number | null = null;
      if (code !== '') {
        totpStep = matchingTotpStep(totpSecret, code);
        if (totpStep === null) throw new BadRequestException({ message: STAFF_MESSAGES.setupCodeWrong, errors: { code: STAFF_MESSAGES.setupCodeWrong }, errorType: 'setupCodeWrong' });
      } else if (this.config.twoFactor === 'required') {
        throw new BadRequestException({ message: STAFF_MESSAGES.twoFactorRequired, errors: { code: STAFF_MESSAGES.twoFactorRequired }, errorType: 'twoFactorRequired' });
      }
      await manager.query(
        `UPDATE staff_member SET password_hash = $2, totp_secret = $3, totp_last_step = $4, activated_at = COALESCE(activated_at, now()) WHERE id = $1`,
        [staff.id, passwordHash, totpStep === null ? null : sealTotpSecret(this.config.totpKeys, staff.id, totpSecret), totpStep],
      );
      await manager.query(`UPDATE staff_setup_link SET used_at = now() WHERE id = $1`, [link.id]);
      await this.sessions.endAll(manager, staff.id);
      const recoveryCodes = totpStep === null ? [] : await replaceRecoveryCodes(manager, staff.id);
      const session = await this.sessions.start(manager, staff.id, userAgent);
      const updated = (await findStaff(manager, staff.id))!;
      return { staff: updated, recoveryCodes, session };
    });
  }
}
