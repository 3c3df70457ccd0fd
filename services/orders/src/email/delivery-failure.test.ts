import { PermanentDeliveryError, deliveryFailureOf } from './delivery-failure.js';

/** An error shaped as nodemailer reports it. */
function smtpError(message: string, fields: { code?: string; responseCode?: number; permanent?: boolean; originalCode?: string }): Error {
  return Object.assign(new Error(message), fields);
}

describe('deliveryFailureOf', () => {
  it.each([
    ['connection refused', smtpError('connect ECONNREFUSED 127.0.0.1:1', { code: 'ESOCKET', originalCode: 'ECONNREFUSED' })],
    ['a timeout', smtpError('Connection timeout', { code: 'ETIMEDOUT' })],
    ['a dropped connection', smtpError('Connection closed unexpectedly', { code: 'ECONNECTION' })],
    ['DNS', smtpError('getaddrinfo ENOTFOUND smtp.example.com', { code: 'EDNS' })],
    ['451 greylisting', smtpError("Can't send mail - all recipients were rejected: 451 4.7.1 Greylisted, try again later", { code: 'EENVELOPE', responseCode: 451, permanent: false })],
    ['421 service not available', smtpError('Unexpected socket close: 421 4.3.2 Service shutting down', { code: 'EPROTOCOL', responseCode: 421, permanent: false })],
    ['503 bad sequence (nodemailer: not permanent)', smtpError('Message failed: 503 5.5.1 Bad sequence of commands', { code: 'EMESSAGE', responseCode: 503, permanent: false })],
    ['a rejected login (our setting to fix)', smtpError('Invalid login: 535 5.7.8 Authentication credentials invalid', { code: 'EAUTH', responseCode: 535, permanent: true })],
    ['an aborted attempt', Object.assign(new Error('Message sending aborted'), { name: 'AbortError', code: 'EABORT' })],
    ['a plain error (the settings file, the database)', new Error('notifications.json: fromAddress is required')],
  ])('retries %s', (_name, error) => {
    expect(deliveryFailureOf(error)).toEqual({ permanent: false, reason: error.message });
  });

  it.each([
    ['550 mailbox unknown', smtpError("Can't send mail - all recipients were rejected: 550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown", { code: 'EENVELOPE', responseCode: 550, permanent: true })],
    ['552 too large', smtpError('Message failed: 552 5.3.4 Message size exceeds fixed limit', { code: 'EMESSAGE', responseCode: 552, permanent: true })],
    ['554 rejected as spam', smtpError('Message failed: 554 5.7.1 Rejected', { code: 'EMESSAGE', responseCode: 554 })],
    ['no recipient nodemailer could use', smtpError('No recipients defined', { code: 'EENVELOPE' })],
    ['a transport saying so', new PermanentDeliveryError('the address is on the suppression list')],
  ])('parks %s at once', (_name, error) => {
    expect(deliveryFailureOf(error)).toEqual({ permanent: true, reason: error.message });
  });

  it('keeps the reason on one line, bounded', () => {
    expect(deliveryFailureOf(smtpError('Message failed: 550 5.7.1 first line\r\n  second line', { responseCode: 550, permanent: true })).reason).toBe(
      'Message failed: 550 5.7.1 first line second line',
    );
    expect(deliveryFailureOf(new Error('x'.repeat(5000))).reason).toHaveLength(1000);
    expect(deliveryFailureOf('a string')).toEqual({ permanent: false, reason: 'a string' });
  });
});
