import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { EMAIL_ADDRESS_PATTERN } from '../rules/email-address.js';
import { STAFF_MESSAGES as M, STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES, type StaffRole } from './staff-session.js';

export type { StaffRole };

// The staff's identity over HTTP (/api/admin/sign-in, /setup, /me, /staff): served by the orders
// service's staff/ folder. Who is signed in is always the session's (or the API key's), never a field.

const staffEmail = string().typeError(M.emailRequired).trim().lowercase().required(M.emailRequired).max(254, M.emailInvalid).matches(EMAIL_ADDRESS_PATTERN, M.emailInvalid);

/** A TOTP code (6 digits, spaces allowed as apps show them) or a recovery code (10 letters and digits, dashes allowed). */
const secondFactor = string()
  .typeError(M.codeRequired)
  .transform((value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value))
  .max(16, M.signInFailed);

const staffRole = mixed<StaffRole>().oneOf([...STAFF_ROLES], `role must be one of ${STAFF_ROLES.join(', ')}`);

/** POST /api/admin/sign-in: the password is not length-checked here (a wrong one is just wrong). */
export const staffSignInRequestSchema = object({
  email: staffEmail,
  password: string().typeError(M.passwordRequired).required(M.passwordRequired).max(1024, M.signInFailed),
  /** the authenticator's 6 digits, or one recovery code */
  code: secondFactor.optional(),
});
export type StaffSignInRequest = InferType<typeof staffSignInRequestSchema>;

/** Who is calling the back office: a staff member's session, or a named API key (automation). */
export const staffMeSchema = object({
  kind: mixed<'staff' | 'api-key'>().oneOf(['staff', 'api-key']).required(),
  id: string().required(),
  name: string().required(),
  /** null for an API key */
  email: string().nullable().defined(),
  role: staffRole.required(),
  /** has this staff member enrolled an authenticator (always false for a key) */
  twoFactor: boolean().required(),
  /** unused recovery codes left (0 for a key) */
  recoveryCodesLeft: number().integer().required(),
  /** when this session ends for good (12 hours after sign-in); null for a key */
  sessionExpiresAt: string().nullable().defined(),
});
export type StaffMe = InferType<typeof staffMeSchema>;
export const staffMeResponseSchema = object({ me: staffMeSchema.required() });
export type StaffMeResponse = InferType<typeof staffMeResponseSchema>;

const setupToken = string().typeError(M.setupLinkInvalid).trim().required(M.setupLinkInvalid).max(128, M.setupLinkInvalid);

/** POST /api/admin/setup/start: the setup link's token. */
export const staffSetupStartRequestSchema = object({ token: setupToken });
export type StaffSetupStartRequest = InferType<typeof staffSetupStartRequestSchema>;

/** The authenticator key to enrol: the same for every call with one setup link, until it is used. */
export const staffSetupStartResponseSchema = object({
  email: string().required(),
  name: string().required(),
  role: staffRole.required(),
  /** production (STAFF_TWO_FACTOR=required) refuses a setup without a code */
  twoFactorRequired: boolean().required(),
  totp: object({
    /** base32, for typing into an app */
    secret: string().required(),
    /** otpauth://totp/… (RFC 6238 as Google Authenticator's key URI format writes it), for a QR code */
    uri: string().required(),
  }).required(),
  expiresAt: string().required(),
});
export type StaffSetupStartResponse = InferType<typeof staffSetupStartResponseSchema>;

/** A new staff password: 12 to 128 characters, whitespace kept as typed. */
const staffNewPassword = string().typeError(M.passwordRequired).required(M.passwordRequired).min(STAFF_PASSWORD_MIN_LENGTH, M.passwordTooShort).max(STAFF_PASSWORD_MAX_LENGTH, M.passwordTooLong);

/** POST /api/admin/setup/complete: the link's token, the new password and the authenticator's first code. */
export const staffSetupCompleteRequestSchema = object({
  token: setupToken,
  password: staffNewPassword,
  code: secondFactor.optional(),
});
export type StaffSetupCompleteRequest = InferType<typeof staffSetupCompleteRequestSchema>;

/** Signed in, with the one-time recovery codes, shown only here. */
export const staffSetupCompleteResponseSchema = object({
  me: staffMeSchema.required(),
  recoveryCodes: array(string().required()).required(),
});
export type StaffSetupCompleteResponse = InferType<typeof staffSetupCompleteResponseSchema>;

/** POST /api/admin/me/recovery-codes: new codes (the old ones stop working), shown only here. */
export const staffRecoveryCodesResponseSchema = object({ recoveryCodes: array(string().required()).required() });
export type StaffRecoveryCodesResponse = InferType<typeof staffRecoveryCodesResponseSchema>;

/** A staff member as the Staff page lists them. */
export const staffMemberSchema = object({
  id: string().required(),
  email: string().required(),
  name: string().required(),
  role: staffRole.required(),
  /** null until the setup link is used */
  activatedAt: string().nullable().defined(),
  disabledAt: string().nullable().defined(),
  twoFactor: boolean().required(),
  lastSignInAt: string().nullable().defined(),
  createdAt: string().required(),
});
export type StaffMember = InferType<typeof staffMemberSchema>;
export const staffListResponseSchema = object({ staff: array(staffMemberSchema).required() });
export type StaffListResponse = InferType<typeof staffListResponseSchema>;

/** POST /api/admin/staff: a colleague and their role; answers their one-time setup link. */
export const staffCreateRequestSchema = object({
  email: staffEmail,
  name: string().typeError(M.nameRequired).trim().required(M.nameRequired).max(100, 'Name must be at most 100 characters'),
  role: staffRole.required('role is required'),
});
export type StaffCreateRequest = InferType<typeof staffCreateRequestSchema>;

/** A one-time setup link: `/admin/setup?token=…` (the token is shown only here). */
export const staffSetupLinkSchema = object({
  path: string().required(),
  /** the absolute link (PUBLIC_URL, else PUBLIC_SITE_URL, else the local gateway) */
  url: string().required(),
  expiresAt: string().required(),
});
export const staffCreateResponseSchema = object({ staff: staffMemberSchema.required(), setupLink: staffSetupLinkSchema.required() });
export type StaffCreateResponse = InferType<typeof staffCreateResponseSchema>;

/** PATCH /api/admin/staff/:staffId: a new role, or disabled (which ends their sessions). */
export const staffUpdateRequestSchema = object({
  role: staffRole.optional(),
  disabled: boolean().typeError('disabled must be true or false').optional(),
});
export type StaffUpdateRequest = InferType<typeof staffUpdateRequestSchema>;
export const staffIdParamsSchema = object({ staffId: string().trim().required(M.staffNotFound).max(64, M.staffNotFound) });
export const staffMemberResponseSchema = object({ staff: staffMemberSchema.required() });
export type StaffMemberResponse = InferType<typeof staffMemberResponseSchema>;
