import { array, boolean, mixed, number, object, string, ValidationError, type InferType } from 'yup';
import { ACCOUNT_MESSAGES as M, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './messages.js';
import { formSubmissionSchema, type FormValues } from '../forms/schemas.js';
import { checkoutAddressRules, type CheckoutAddressField } from '../rules/checkout-address.js';
import { EMAIL_ADDRESS_PATTERN } from '../rules/email-address.js';

/** The forms' vocabulary a registration carries, named from here so built declarations import it from this domain, not the package index (a cycle). */
export type { FormValues };

export * from './messages.js';
export * from './paths.js';
export * from './session.js';

// Customer accounts (commerce spec §2, §3, §6, §7): sign-in, the profile, saved addresses,
// the customer's orders and quotes. Served by the orders service's accounts module under
// /api/my-account; the customer is always the session's, never a field of a body.

const emailField = string()
  .typeError(M.emailRequired)
  .trim()
  .lowercase()
  .required(M.emailRequired)
  .max(254, 'Invalid email address')
  .matches(EMAIL_ADDRESS_PATTERN, 'Invalid email address');

/** A new password: the registration form's limits (8 to 128 characters), whitespace kept as typed. */
export const newPasswordField = string()
  .typeError(M.passwordRequired)
  .required(M.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong);

/** POST /api/my-account/login. The password is not length-checked here: a wrong one is just wrong. */
export const signInRequestSchema = object({
  email: emailField,
  password: string().typeError(M.passwordRequired).required(M.passwordRequired).max(1024, M.invalidCredentials),
});
export type SignInRequest = InferType<typeof signInRequestSchema>;

/** The signed-in user as the header and the checkout need it (spec: data.user). */
export const accountUserSchema = object({
  email: string().defined(),
  firstName: string().defined(),
  lastName: string().defined(),
  phone: string().defined(),
});
export type AccountUser = InferType<typeof accountUserSchema>;

/** POST /api/my-account/login, /register, /password/reset: who is now signed in. */
export const signedInResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  message: string().optional(),
  data: object({ customerId: string().required(), user: accountUserSchema.required() }).required(),
});
export type SignedInResponse = InferType<typeof signedInResponseSchema>;

/** POST /api/my-account/register: the /register form's submission, judged by that form's definition. */
export const registerRequestSchema = formSubmissionSchema;

/** POST /api/my-account/password/forgot */
export const forgotPasswordRequestSchema = object({ email: emailField });
export type ForgotPasswordRequest = InferType<typeof forgotPasswordRequestSchema>;

/** POST /api/my-account/password/reset: the link's token and the new password. */
export const resetPasswordRequestSchema = object({
  token: string().typeError(M.resetLinkInvalid).trim().required(M.resetLinkInvalid).max(128, M.resetLinkInvalid),
  password: newPasswordField,
});
export type ResetPasswordRequest = InferType<typeof resetPasswordRequestSchema>;

/** POST /api/my-account/password/change: the current password proves it is the customer, not a borrowed session. */
export const changePasswordRequestSchema = object({
  currentPassword: string().typeError(M.currentPasswordRequired).required(M.currentPasswordRequired).max(1024, M.currentPasswordWrong),
  newPassword: newPasswordField,
});
export type ChangePasswordRequest = InferType<typeof changePasswordRequestSchema>;

/** One signed-in session of the account, as its owner sees it: the id is the row's, never the token. */
export const accountSessionSchema = object({
  id: string().required(),
  /** a coarse description of the browser it started in ("Chrome on Windows"), '' when unknown */
  client: string().defined(),
  createdAt: string().required(),
  lastSeenAt: string().required(),
  /** the session this request came with */
  current: boolean().required(),
});
export type AccountSession = InferType<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = object({ success: mixed<true>().oneOf([true]).required(), data: array(accountSessionSchema).required() });
export type AccountSessionsResponse = InferType<typeof accountSessionsResponseSchema>;
export const accountSessionIdParamsSchema = object({ id: string().trim().required(M.sessionNotFound).max(64, M.sessionNotFound) });

/** POST /api/my-account/email/verify: the token of the e-mailed link. */
export const verifyEmailRequestSchema = object({
  token: string().typeError(M.verificationLinkInvalid).trim().required(M.verificationLinkInvalid).max(128, M.verificationLinkInvalid),
});
export type VerifyEmailRequest = InferType<typeof verifyEmailRequestSchema>;

export const accountMessageResponseSchema = object({ success: boolean().required(), message: string().required() });
export type AccountMessageResponse = InferType<typeof accountMessageResponseSchema>;

/** Address status values (spec §4 badges); a default address is `primary`, others `unverified` (no address check runs). */
export type AccountAddressStatus = 'primary' | 'unverified' | 'verified' | 'invalid';

/** A saved address as the account answers it (spec: order address fields plus id, company, defaults). */
export const accountAddressSchema = object({
  id: string().required(),
  firstName: string().defined(),
  lastName: string().defined(),
  company: string().defined(),
  street1: string().defined(),
  street2: string().defined(),
  city: string().defined(),
  state: string().defined(),
  zipCode: string().defined(),
  countryId: string().defined(),
  phoneNumber: string().defined(),
  isDefaultShipping: boolean().required(),
  isDefaultBilling: boolean().required(),
  status: mixed<AccountAddressStatus>().oneOf(['primary', 'unverified', 'verified', 'invalid']).required(),
  createdAt: string().required(),
});
export type AccountAddress = InferType<typeof accountAddressSchema>;

/** The address fields a customer types (the checkout's names and rules, without e-mail: that is the account's). */
export const ACCOUNT_ADDRESS_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'street1', 'street2', 'city', 'state', 'zipCode', 'countryId'] as const satisfies readonly CheckoutAddressField[];
export type AccountAddressField = (typeof ACCOUNT_ADDRESS_FIELDS)[number];

/** Every broken field of an address, keyed by its own name, with the checkout's messages. */
export function validateAccountAddress(address: Partial<Record<AccountAddressField, unknown>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ACCOUNT_ADDRESS_FIELDS) {
    const message = checkoutAddressRules[field](address[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** POST /api/my-account/address and PUT /api/my-account/address/:id */
export const accountAddressInputSchema = object({
  firstName: string().trim().max(100).default(''),
  lastName: string().trim().max(100).default(''),
  company: string().trim().max(100, "Company can't exceed 100 characters").default(''),
  street1: string().trim().max(200).default(''),
  street2: string().trim().max(200).default(''),
  city: string().trim().max(100).default(''),
  state: string().trim().uppercase().max(64).default(''),
  zipCode: string().trim().max(20).default(''),
  countryId: string().trim().uppercase().max(2).default('US'),
  phoneNumber: string().trim().max(40).default(''),
  isDefaultShipping: boolean().typeError('isDefaultShipping must be true or false').default(false),
  isDefaultBilling: boolean().typeError('isDefaultBilling must be true or false').default(false),
}).test('account-address', function (address) {
  const errors = Object.entries(validateAccountAddress(address));
  if (errors.length === 0) return true;
  return new ValidationError(errors.map(([path, message]) => this.createError({ path, message })));
});
export type AccountAddressInput = InferType<typeof accountAddressInputSchema>;

export const accountAddressIdParamsSchema = object({ id: string().trim().required(M.addressNotFound).max(64, M.addressNotFound) });

export const accountAddressResponseSchema = object({ success: mixed<true>().oneOf([true]).required(), data: accountAddressSchema.required() });
export const accountAddressesResponseSchema = object({ success: mixed<true>().oneOf([true]).required(), data: array(accountAddressSchema).required() });

/** GET /api/my-account/me (spec §7): success, data.user, data.customer. */
export const customerProfileSchema = object({
  id: string().required(),
  firstName: string().defined(),
  lastName: string().defined(),
  phoneNumber: string().defined(),
  addresses: array(accountAddressSchema).required(),
  /** the id of the default shipping / billing address, null without one */
  defaultShipping: string().nullable().defined(),
  defaultBilling: string().nullable().defined(),
  /** has the account's e-mail been proven by a verification link (or a password reset link)? */
  emailVerified: boolean().required(),
});
export type CustomerProfile = InferType<typeof customerProfileSchema>;

export const myAccountResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  data: object({ user: accountUserSchema.required(), customer: customerProfileSchema.required() }).required(),
});
export type MyAccountResponse = InferType<typeof myAccountResponseSchema>;

/** One line of My Orders, newest first. */
export const accountOrderSummarySchema = object({
  id: string().required(),
  orderIncrementId: string().required(),
  createdAt: string().required(),
  status: string().required(),
  paymentStatus: string().required(),
  /** cents */
  total: number().integer().required(),
  totalItemCount: number().integer().required(),
});
export type AccountOrderSummary = InferType<typeof accountOrderSummarySchema>;

/** One line of My Quotes, newest first. */
export const accountQuoteSummarySchema = object({
  id: string().required(),
  quoteIncrementId: string().required(),
  createdAt: string().required(),
  status: string().required(),
  /** cents */
  total: number().integer().required(),
  poNumber: string().nullable().defined(),
});
export type AccountQuoteSummary = InferType<typeof accountQuoteSummarySchema>;

export const accountOrdersResponseSchema = object({ success: mixed<true>().oneOf([true]).required(), data: array(accountOrderSummarySchema).required() });
export const accountQuotesResponseSchema = object({ success: mixed<true>().oneOf([true]).required(), data: array(accountQuoteSummarySchema).required() });
