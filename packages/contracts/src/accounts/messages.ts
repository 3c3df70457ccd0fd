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

/** A password reset link lives 1 hour and works once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** A verification link lives EMAIL_VERIFICATION_TTL_HOURS (orders service), by default 48 hours, and works once. */
export const EMAIL_VERIFICATION_DEFAULT_TTL_HOURS = 48;

/** Verification e-mails one account may ask for again in an hour (the one sent at registration not counted). */
export const VERIFICATION_EMAILS_PER_HOUR = 3;
