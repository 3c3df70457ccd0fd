import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended minimum (Password Storage Cheat Sheet: 19 MiB, 2 passes, 1 lane).
 * Raising these later is safe: a hash made with older ones is re-made at the next sign-in.
 */
export const PASSWORD_HASH_OPTIONS = Object.freeze({
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
});

/**
 * A hash of a password nobody has, made with the same options: sign-in with an unknown e-mail still
 * runs one verify against it, so the answer's timing does not tell whether an account exists.
 */
let dummyHash: Promise<string> | undefined;

/** The one place passwords are hashed and checked (argon2id; the `argon2` package's own salt and PHC string). */
@Injectable()
export class Passwords {
  hash(password: string): Promise<string> {
    return argon2.hash(password, PASSWORD_HASH_OPTIONS);
  }

  /** false also for a stored value that is not an argon2 hash (never throws on a wrong password). */
  async verify(storedHash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(storedHash, password);
    } catch {
      return false;
    }
  }

  /** The stored hash was made with other options than today's: re-hash it while the password is at hand. */
  needsRehash(storedHash: string): boolean {
    return argon2.needsRehash(storedHash, PASSWORD_HASH_OPTIONS);
  }

  /** The time of one verify, for an e-mail without an account; always false. */
  async verifyNobody(password: string): Promise<false> {
    dummyHash ??= argon2.hash('no account has this password', PASSWORD_HASH_OPTIONS);
    await this.verify(await dummyHash, password);
    return false;
  }
}
