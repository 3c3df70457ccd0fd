// Customer accounts' fixed wording and browser constants: plain strings, free of any schema, so the
// header and the account pages can use them without bringing yup along.

export const ACCOUNT_MESSAGES = {
  /** sign-in: a wrong e-mail and a wrong password answer alike (no account enumeration) */
  invalidCredentials: 'Invalid email or password.',
  /** 429 past the sign-in limit; {seconds} is the wait the server asks for */
  tooManyAttempts: (seconds: number) => `Too many sign-in attempts. Please wait ${seconds} seconds and try again.`,
  /** registration with an e-mail that already has an account (the form's e-mail field) */
  /** no longer answered by registration (a taken e-mail is answered like a new account); kept for pages that still name it */
  emailTaken: 'An account with this email already exists. Please sign in or reset your password.',
  /** forgot password: the same answer whether or not the e-mail has an account */
  resetLinkSent: 'If an account exists for that email, we have sent a link to reset your password. The link works once, for 1 hour.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordChanged: 'Your password has been changed. You are now signed in.',
  /** 401 of every account call without a session */
  signInRequired: 'Please sign in to continue.',
  /** 403: a write with a session but without its CSRF token, or from another site */
  forgeryRefused: 'Your session could not be verified. Please refresh the page and try again.',
  signedOut: 'You have been signed out.',
  signedOutEverywhere: 'You have been signed out on every device.',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: "Password can't exceed 128 characters",
  emailRequired: 'Email is required',
  /** spec §8 views */
  addressNotFound: 'Address not found.',
  noAddresses: 'No addresses saved yet.',
  noAddressDetails: 'No address details available',
  noAddressSet: 'No address set',
  addressNotAvailable: 'Address not available',
  notProvided: 'Not provided',
  /** spec §7: DELETE /api/my-account/address/{id} */
  deleteAddressNetworkError: 'Failed to delete address. Please try again.',
  unknownError: 'Unknown error',
  addressSaved: 'Address saved.',
  addressDeleted: 'Address deleted.',
  noOrders: 'You have not placed any orders yet.',
  noQuotes: 'You have no quotes yet.',
  accountLoadFailed: 'We could not load your account. Please try again.',
  /** registration, reset and change: the new password is in a well-known list of common (breached) passwords */
  passwordTooCommon: 'This password is too common. Please choose a different one.',
  /** change password */
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Your current password is not correct.',
  newPasswordSameAsCurrent: 'Your new password must be different from your current password.',
  passwordChangedHere: 'Your password has been changed. You have been signed out on every other device.',
  /** the sessions list */
  sessionNotFound: 'Session not found.',
  sessionIsCurrent: 'This is the session you are using now. Use "Sign out" to end it.',
  sessionEnded: 'That session has been signed out.',
  /** e-mail verification */
  emailVerified: 'Thank you. Your email address is verified.',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Please ask for a new one from your account page.',
  verificationLinkSent: 'We have sent a new verification link to your email address.',
  /**
   * My Account while the address is unverified: guest orders and staff quotes with the address join
   * the account only once it is verified (someone may register another person's address).
   */
  verifyToSeeEarlierRecords: 'Verify your email address to see the orders and quotes placed with it before you signed up.',
  emailAlreadyVerified: 'Your email address is already verified.',
  tooManyVerificationEmails: 'We have already sent you several verification links in the last hour. Please check your inbox or try again later.',
} as const;

/**
 * The `actions.submit` of a form definition whose submission creates a customer account
 * (content/forms/registration.json): the orders service's POST /api/my-account/register accepts only
 * such a form, and the forms service refuses to store one (a password would end up in a submission).
 */
export const ACCOUNT_REGISTRATION_ACTION = 'account-registration';

/** Password length limits (the registration form's own: content/forms/registration.json). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The session cookie: httpOnly, SameSite=Lax, Secure outside development; holds the session's
 * access token (256 random bits; the server keeps only its SHA-256).
 */
export const SESSION_COOKIE = 'sf_session';
/**
 * The CSRF cookie: readable by the page (not httpOnly) so the API client can echo it in
 * CSRF_HEADER on every write; the server compares it with the session's own token. Its presence
 * is also the header's hint that a session exists (the session cookie itself is unreadable).
 */
export const CSRF_COOKIE = 'sf_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** A password reset link lives 1 hour and works once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** The account's pages (spec §2 names the address routes; the rest are ours). */
export const ACCOUNT_PATHS = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  myAccount: '/my-account',
  addresses: '/my-account/addresses',
  addressNew: '/my-account/address/new',
  addressAdd: '/my-account/addresses/add',
  addressEdit: '/my-account/address/edit/:id',
  verifyEmail: '/verify-email',
} as const;

export function accountAddressEditPath(id: string): string {
  return ACCOUNT_PATHS.addressEdit.replace(':id', encodeURIComponent(id));
}

/** The verification link of the e-mail: /verify-email?token=... */
export function emailVerificationPath(token: string): string {
  return `${ACCOUNT_PATHS.verifyEmail}?token=${encodeURIComponent(token)}`;
}

/** A verification link lives EMAIL_VERIFICATION_TTL_HOURS (orders service), by default 48 hours, and works once. */
export const EMAIL_VERIFICATION_DEFAULT_TTL_HOURS = 48;

/** Verification e-mails one account may ask for again in an hour (the one sent at registration not counted). */
export const VERIFICATION_EMAILS_PER_HOUR = 3;

/** The reset link of the e-mail: /reset-password?token=... */
export function passwordResetPath(token: string): string {
  return `${ACCOUNT_PATHS.resetPassword}?token=${encodeURIComponent(token)}`;
}

/**
 * The prefix the session cookies carry where the browser allows it (over HTTPS, as Secure): a
 * `__Host-` cookie is host-only with Path=/, so a sibling subdomain cannot plant or shadow it.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

/**
 * The value of one cookie of `document.cookie`-style text, or undefined. The `__Host-` form of the
 * name is read first (the session cookies have it over HTTPS), then the plain name.
 */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!name.startsWith(HOST_COOKIE_PREFIX)) {
    const prefixed = readCookieNamed(cookieHeader, `${HOST_COOKIE_PREFIX}${name}`);
    if (prefixed !== undefined) return prefixed;
  }
  return readCookieNamed(cookieHeader, name);
}

/** The value of the cookie with exactly this name, or undefined. */
export function readCookieNamed(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Fired on window after sign-in, sign-out or registration in this tab, so the header (and any open
 * account screen) reads the session again without a reload.
 */
export const SESSION_CHANGED_EVENT = 'sf-session-changed';

/** Where sign-in returns to: only a path of this site (never `//host` or a URL), else My Account. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return ACCOUNT_PATHS.myAccount;
  return value;
}
