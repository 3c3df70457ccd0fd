import { CIRCUIT_OPEN_CODE, UpstreamCircuitOpenError, freePort } from '@storefront/service-kit';
import { SMTPServer } from 'smtp-server';
import { deliveryFailureOf } from './delivery-failure.js';
import type { OutgoingEmail } from './mail-transport.js';
import { SmtpTransport, isSmtpServerFailure } from './smtp-transport.js';

const circuit = { errorThresholdPercentage: 50, volumeThreshold: 3, rollingCountTimeoutMs: 10000, resetTimeoutMs: 200 };
const email = (to = 'ann@example.com'): OutgoingEmail => ({
  from: { address: 'shop@example.com' },
  to,
  cc: [],
  subject: 'Your order',
  html: '<p>Thank you</p>',
  text: 'Thank you',
  messageId: '<outbox-1@example.com>',
});
const reply = (responseCode: number) => Object.assign(new Error(`${responseCode} No`), { code: 'EENVELOPE', responseCode });


describe('isSmtpServerFailure', () => {
  it('counts a server that cannot be reached, times out or says it is not available (421)', () => {
    for (const code of ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']) expect(isSmtpServerFailure(Object.assign(new Error(code), { code }))).toBe(true);
    expect(isSmtpServerFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isSmtpServerFailure(reply(421))).toBe(true);
  });

  it("does not count replies about the message, our login, or the job's own abort", () => {
    expect(isSmtpServerFailure(reply(451))).toBe(false);
    expect(isSmtpServerFailure(reply(550))).toBe(false);
    expect(isSmtpServerFailure(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535 }))).toBe(false);
    expect(isSmtpServerFailure(Object.assign(new Error('No recipients defined'), { code: 'EENVELOPE' }))).toBe(false);
    expect(isSmtpServerFailure(Object.assign(new Error('aborted'), { code: 'EABORT' }))).toBe(false);
  });
});

describe('SmtpTransport through its breaker', () => {
  it('refuses sends at once while the server is down; the outbox reads that as transient (retried, never a dead letter by itself)', async () => {
    const port = await freePort();
    const transport = new SmtpTransport(`smtp://127.0.0.1:${port}`, circuit);
    try {
      for (let i = 0; i < 3; i++) await expect(transport.send(email(), new AbortController().signal)).rejects.toMatchObject({ code: expect.stringMatching(/^(ESOCKET|ECONNECTION)$/) });
      const refused = await transport.send(email(), new AbortController().signal).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UpstreamCircuitOpenError);
      expect(refused).toMatchObject({ code: CIRCUIT_OPEN_CODE });
      expect(deliveryFailureOf(refused)).toEqual({ permanent: false, reason: 'smtp is failing: its circuit breaker is open' });
    } finally {
      await transport.close();
    }
  });

  it('stays closed through refused recipients (550) and delivers the next message', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(address.address.startsWith('nobody') ? Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }) : undefined);
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo[0]!.address);
          callback(null);
        });
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    const transport = new SmtpTransport(`smtp://127.0.0.1:${port}`, circuit);
    try {
      for (let i = 0; i < 4; i++) await expect(transport.send(email('nobody@example.com'), new AbortController().signal)).rejects.toMatchObject({ responseCode: 550 });
      await transport.send(email(), new AbortController().signal);
      expect(received).toEqual(['ann@example.com']);
    } finally {
      await transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
