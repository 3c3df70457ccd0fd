import { Module } from '@nestjs/common';
import { CaptchaModule } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { EmailModule } from '../email/index.js';
import { AccountCleanupJob } from './account-cleanup.job.js';
import { AddressesController } from './addresses/addresses.controller.js';
import { AddressesService } from './addresses/addresses.service.js';
import { Customers } from './customers/customers.js';
import { MyOrdersController } from './my-orders/my-orders.controller.js';
import { MyOrdersService } from './my-orders/my-orders.service.js';
import { EmailVerificationController } from './email-verification/email-verification.controller.js';
import { EmailVerificationService } from './email-verification/email-verification.service.js';
import { PasswordResetController } from './password-reset/password-reset.controller.js';
import { PasswordResetService } from './password-reset/password-reset.service.js';
import { ChangePasswordController } from './passwords/change-password.controller.js';
import { ChangePasswordService } from './passwords/change-password.service.js';
import { Passwords } from './passwords/passwords.js';
import { ProfileController } from './profile/profile.controller.js';
import { ProfileService } from './profile/profile.service.js';
import { RegistrationController } from './registration/registration.controller.js';
import { RegistrationService } from './registration/registration.service.js';
import { CustomerSessions } from './sessions/customer-sessions.service.js';
import { SameSiteWriteGuard } from './sessions/public-account-write.js';
import { SESSION_CONFIG, readSessionConfig } from './sessions/session-config.js';
import { SessionsController } from './sessions/sessions.controller.js';
import { SignedInGuard } from './sessions/signed-in.js';
import { PasswordCheck } from './sign-in/password-check.js';
import { SignInAttempts } from './sign-in/sign-in-attempts.js';
import { SignInController } from './sign-in/sign-in.controller.js';
import { SignInService } from './sign-in/sign-in.service.js';

/**
 * Customer accounts (routes `accountRoutes` of contracts, under /api/my-account):
 * registration, sign-in and sign-out, password reset, the profile and saved addresses, My Orders
 * and My Quotes. Exports
 * CustomerSessions and SignedInGuard (and the session settings they need), so the orders service's
 * other controllers can tell who is signed in (`optionalCustomer`) or serve routes of access
 * `customer` with `@SignedIn()`.
 */
@Module({
  imports: [EmailModule, CaptchaModule],
  controllers: [
    RegistrationController,
    SignInController,
    PasswordResetController,
    ProfileController,
    AddressesController,
    ChangePasswordController,
    SessionsController,
    EmailVerificationController,
    MyOrdersController,
  ],
  providers: [
    { provide: SESSION_CONFIG, useFactory: () => readSessionConfig() },
    // the /register form's definition (content/forms/), read once
    { provide: ContentStore, useFactory: () => new ContentStore() },
    CustomerSessions,
    SignedInGuard,
    SameSiteWriteGuard,
    Passwords,
    Customers,
    SignInAttempts,
    PasswordCheck,
    SignInService,
    RegistrationService,
    PasswordResetService,
    AddressesService,
    ProfileService,
    ChangePasswordService,
    EmailVerificationService,
    AccountCleanupJob,
    MyOrdersService,
  ],
  exports: [SESSION_CONFIG, CustomerSessions, SignedInGuard, Passwords, PasswordCheck],
})
export class AccountsModule {}
