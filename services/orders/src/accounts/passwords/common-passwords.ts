import { BadRequestException } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@storefront/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords found in breaches and guessed first (ASVS 2.1.7): zxcvbn-ts's list of common passwords
 * (about 49,000, from breach corpora), shipped inside the npm package so no lookup leaves the
 * machine. Loaded once, lowercased: "Password1" is as common as "password1".
 */
let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** 400 with the field's error when `password` is common; `field` names the form's password field. */
export function refuseCommonPassword(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  throw new BadRequestException({
    message: ACCOUNT_MESSAGES.passwordTooCommon,
    errorType: 'passwordTooCommon',
    errors: { [field]: ACCOUNT_MESSAGES.passwordTooCommon },
  });
}
