// E-mail address checks without yup: the browser's checks load no schema library.

/**
 * An e-mail address: one plain address (no display name, nothing that could break a mail header:
 * no spaces, <>",;:()[]\\) with a domain and a top-level part of two or more characters. One pattern
 * for checkout, forms, booking, the e-mail outbox and content settings; deliberately simple (what a
 * shopper can mistype), the mail server is the real judge.
 */
export const EMAIL_ADDRESS_PATTERN = /^[^\s@<>",;:()[\]\\]+@[^\s@<>",;:()[\]\\]+\.[^\s@<>",;:()[\]\\]{2,}$/;
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

/** An e-mail address as typed (surrounding spaces allowed, as a form trims them). */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length <= EMAIL_ADDRESS_MAX_LENGTH && EMAIL_ADDRESS_PATTERN.test(value.trim());
}

/** Exactly one address with nothing around it: what an SMTP envelope and a stored recipient accept. */
export function isPlainEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_ADDRESS_MAX_LENGTH && EMAIL_ADDRESS_PATTERN.test(value);
}
