import { BadRequestException } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@storefront/contracts';
import { isCommonPassword, refuseCommonPassword } from './common-passwords.js';

describe('common passwords', () => {
  it('finds listed passwords whatever their case, and only exact matches', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('PassWord123')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('correct horse battery')).toBe(false);
    expect(isCommonPassword('password123 plus a tail')).toBe(false);
  });

  it('refuses a common password with the field named', () => {
    expect(() => refuseCommonPassword('iloveyou', 'newPassword')).toThrow(BadRequestException);
    try {
      refuseCommonPassword('iloveyou', 'newPassword');
    } catch (error) {
      expect((error as BadRequestException).getResponse()).toMatchObject({ errors: { newPassword: ACCOUNT_MESSAGES.passwordTooCommon } });
    }
    expect(() => refuseCommonPassword('a rare enough phrase', 'password')).not.toThrow();
  });
});
