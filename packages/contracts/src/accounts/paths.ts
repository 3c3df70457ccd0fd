// The account's pages and the links the account e-mails carry.

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

/** The reset link of the e-mail: /reset-password?token=... */
export function passwordResetPath(token: string): string {
  return `${ACCOUNT_PATHS.resetPassword}?token=${encodeURIComponent(token)}`;
}

/** Where sign-in returns to: only a path of this site (never `//host` or a URL), else My Account. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return ACCOUNT_PATHS.myAccount;
  return value;
}
