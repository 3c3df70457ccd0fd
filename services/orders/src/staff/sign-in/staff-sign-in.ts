import { Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { STAFF_MESSAGES, type StaffSignInRequest } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { PasswordCheck } from '../../accounts/index.js';
import { findStaffByEmail, type StaffRecord } from '../members/staff-members.js';
import { StaffSessions, type StartedStaffSession } from '../sessions/staff-sessions.js';
import { useRecoveryCode } from '../two-factor/recovery-codes.js';
import { matchingTotpStep } from '../two-factor/totp.js';
import { openTotpSecret } from '../two-factor/totp-secrets.js';
import { STAFF_CONFIG, TOTP_KEY_VARIABLE, type StaffConfig } from '../staff-config.js';

/** A staff member who can sign in: set up (a password) and not disabled. */
type ActiveStaff = StaffRecord & { passwordHash: string };

/**
 * Staff sign-in: e-mail, password and the authenticator's code (or one recovery code) in one
 * request, checked under the customers' sign-in limits (their own keys: `staff:<e-mail>` and the
 * address), so a guessed code costs what a guessed password does. Every wrong answer reads the same
 * (a missing code too), so the answer never says which of the three was wrong.
 */
@Injectable()
export class StaffSignIn {
  private readonly logger = new Logger('StaffSignIn');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STAFF_CONFIG) private readonly config: StaffConfig,
    private readonly check: PasswordCheck,
    private readonly sessions: StaffSessions,
  ) {}

  async signIn({ email, password, code }: StaffSignInRequest, address: string | undefined, userAgent?: string): Promise<{ staff: StaffRecord; session: StartedStaffSession }> {
    const keys = { email: `staff:${email.trim().toLowerCase()}`, address };
    const load = async (): Promise<ActiveStaff | undefined> => {
      const staff = await findStaffByEmail(this.dataSource, email);
      return staff && staff.passwordHash && !staff.disabledAt ? (staff as ActiveStaff) : undefined;
    };
    const staff = await this.check.verify(
      keys,
      load,
      password,
      ({ locks }) => {
        this.logger.log('Staff sign-in failed', { event: 'staff.sign-in-failed', locked: locks });
        return new UnauthorizedException({ message: STAFF_MESSAGES.signInFailed, errorType: 'signInFailed' });
      },
      (found) => this.secondFactorAccepts(found, code ?? ''),
    );
    const session = await this.dataSource.transaction((manager) => this.sessions.start(manager, staff.id, userAgent));
    this.logger.log('Staff signed in', { event: 'staff.signed-in', staffId: staff.id });
    return { staff, session };
  }

  /**
   * The second factor: a current authenticator code whose time step is later than the last one
   * used (one conditional UPDATE: a replayed code, or the same code racing in two requests, is taken
   * once), or an unused recovery code. A staff member without an authenticator passes only while
   * STAFF_TWO_FACTOR=optional (development); production asks them for a new setup link.
   */
  private async secondFactorAccepts(staff: ActiveStaff, code: string): Promise<boolean> {
    if (!staff.sealedTotpSecret) {
      if (this.config.twoFactor === 'optional') return true;
      this.logger.warn('Staff sign-in refused: no authenticator enrolled while two-factor sign-in is required', { event: 'staff.two-factor-missing', staffId: staff.id });
      return false;
    }
    let secret: string | undefined;
    try {
      secret = openTotpSecret(this.config.totpKeys, staff.id, staff.sealedTotpSecret);
    } catch {
      // a key that does not open is the deployment's fault, not the code's: said in the log, refused
      // like a wrong code (a recovery code still signs them in)
      this.logger.error(`Staff authenticator key does not open with ${TOTP_KEY_VARIABLE} (was it changed?)`, { event: 'staff.totp-unreadable', staffId: staff.id });
    }
    const step = secret === undefined ? null : matchingTotpStep(secret, code);
    if (step !== null) {
      const [, taken] = (await this.dataSource.query(
        `UPDATE staff_member SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`,
        [staff.id, step],
      )) as [unknown, number];
      if (taken !== 1) this.logger.warn('Staff sign-in refused: an authenticator code used again', { event: 'staff.code-replayed', staffId: staff.id });
      return taken === 1;
    }
    return this.dataSource.transaction((manager) => useRecoveryCode(manager, staff.id, code));
  }
}
