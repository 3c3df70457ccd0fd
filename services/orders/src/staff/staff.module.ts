import { Inject, Logger, Module, Optional, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Housekeeping } from '@storefront/service-kit';
import { DataSource } from 'typeorm';
import { AccountsModule } from '../accounts/index.js';
import { StaffSessions } from './sessions/staff-sessions.js';
import { StaffSetup } from './setup/staff-setup.js';
import { StaffSignIn } from './sign-in/staff-sign-in.js';
import { STAFF_CONFIG, readStaffConfig, type StaffConfig } from './staff-config.js';
import { sealPlainTotpSecrets } from './two-factor/totp-secrets.js';

/**
 * The back office's staff (routes `adminRoutes.signIn` … `newSetupLink`): named people with a role,
 * argon2id and TOTP sign-in, setup links, sessions of their own. Exports its services: StaffSessions,
 * which the admin routes' credentials (admin/api-keys/admin-access.ts) ask who is signed in, and what
 * StaffController needs. The controller is the app module's, beside AdminController: guards run in
 * their controller's module, and the admin routes' guards need the app's ADMIN_CREDENTIALS.
 */
@Module({
  imports: [AccountsModule],
  providers: [{ provide: STAFF_CONFIG, useFactory: () => readStaffConfig() }, StaffSessions, StaffSignIn, StaffSetup],
  exports: [STAFF_CONFIG, StaffSessions, StaffSignIn, StaffSetup],
})
export class StaffModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly sessions: StaffSessions,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STAFF_CONFIG) private readonly config: StaffConfig,
    @Optional() private readonly housekeeping?: Housekeeping,
  ) {}

  onModuleInit(): void {
    // sessions past their idle or absolute limit (each is also refused and deleted when met)
    this.housekeeping?.add({ name: 'staff-sessions', run: () => this.sessions.deleteEnded() });
  }

  /** Authenticator keys stored before sealing began are sealed now (why at start: sealPlainTotpSecrets). */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await sealPlainTotpSecrets(this.dataSource, this.config.totpKeys);
    } catch (error) {
      // not fatal: a key still in the clear keeps working, and the next start seals it
      new Logger('StaffModule').error(`Sealing the authenticator keys failed: ${(error as Error).message}`, { event: 'staff.totp-sealing-failed' });
    }
  }
}
