import { schemaResolver } from '@storefront/ui/form';
import { forgotPasswordRequestSchema, newPasswordField, signInRequestSchema } from '@storefront/contracts';
import type { FieldValues, Resolver } from 'react-hook-form';
import { object, ref, string } from 'yup';
import { ACCOUNT_FORM_TEXT } from './account-text.js';

// The account forms' rules: the API's own request schemas (same messages as the server's), imported
// by each page's lazy resolver on the first check, never with the page (see shared/lazy-resolver.ts).

/** Sign-in: Email and Password (POST /api/my-account/login's schema). */
export function signInFormResolver<V extends FieldValues>(): Resolver<V> {
  return schemaResolver<V>(signInRequestSchema);
}

/** Forgot password: Email. */
export function forgotPasswordFormResolver<V extends FieldValues>(): Resolver<V> {
  return schemaResolver<V>(forgotPasswordRequestSchema);
}

/** Reset password: the new password (the registration form's limits) typed twice. */
export function resetPasswordFormResolver<V extends FieldValues>(): Resolver<V> {
  const schema = object({
    password: newPasswordField,
    confirmPassword: string()
      .required(ACCOUNT_FORM_TEXT.confirmPasswordRequired)
      .oneOf([ref('password')], ACCOUNT_FORM_TEXT.passwordsDoNotMatch),
  });
  return schemaResolver<V>(schema);
}
