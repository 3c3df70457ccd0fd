// The staff's sign-in as the back office's pages and the orders service share it: cookie names,
// roles, limits and messages. Plain constants and functions, free of any schema, so the browser
// can import them without yup.

/**
 * The staff session cookie: httpOnly, SameSite=Strict, `__Host-` over HTTPS. A cookie of its own,
 * never the customers' `sf_session`: a staff member who also shops keeps the two apart, and a
 * customer session can never open the back office.
 */
export const STAFF_SESSION_COOKIE = 'sf_staff';
/** The staff CSRF cookie: readable by the back office's pages, echoed as X-CSRF-Token on every write under /api/admin. */
export const STAFF_CSRF_COOKIE = 'sf_staff_csrf';

/**
 * The roles, least first. `sales`: orders and quotes, payment links, resending e-mails, form
 * submissions. `manager`: all of that, plus refunds, split-payment settings, cancelling, dead
 * letters, staff and the audit log.
 */
export const STAFF_ROLES = ['sales', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Does `role` include what `needed` may do? (A manager may do everything sales may.) */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);
}

/**
 * A staff session ends after 30 minutes without a request, and 12 hours after sign-in however busy
 * (ASVS 3.3.1/3.3.2 for an application that moves money: level 2's idle limit is 30 minutes).
 */
export const STAFF_SESSION_LIMITS = { idleMinutes: 30, absoluteHours: 12 } as const;

/** Staff passwords: 12 to 128 characters (ASVS 2.1.1 for privileged accounts), whitespace kept as typed. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 128;

/** A setup link lives a day: long enough to reach a new colleague's inbox, short enough to expire unused. */
export const STAFF_SETUP_LINK_HOURS = 24;

/** How many one-time recovery codes a staff member gets (each 10 characters of a 32-letter alphabet: 50 bits). */
export const STAFF_RECOVERY_CODE_COUNT = 10;

export const STAFF_MESSAGES = {
  signInFailed: 'The e-mail, password or code is not right.',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  signInRequired: 'Please sign in to the back office.',
  sessionEnded: 'Your back-office session has ended. Please sign in again.',
  roleRefused: (role: StaffRole, needed: StaffRole) => `Your role (${role}) cannot do this: it needs ${needed}.`,
  forgeryRefused: 'This request did not come from the back office. Refresh the page and try again.',
  setupLinkInvalid: 'This setup link is not valid or has expired. Ask a manager for a new one.',
  setupCodeWrong: 'That code is not right. Check the time on your phone and enter the current 6-digit code.',
  passwordRequired: 'Password is required.',
  passwordTooShort: `Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${STAFF_PASSWORD_MAX_LENGTH} characters.`,
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email address',
  nameRequired: 'Name is required.',
  staffExists: 'A staff member with this e-mail already exists.',
  staffNotFound: 'Staff member not found.',
  lastManager: 'The last active manager cannot be disabled or made sales: add another manager first.',
  twoFactorRequired: 'Two-factor sign-in is required: scan the key into an authenticator app and enter its code.',
} as const;
