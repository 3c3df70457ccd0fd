// The reliability stack's SMTP sink: where the orders and forms services deliver, and what the
// scenarios count e-mails by.
import { SMTPServer } from 'smtp-server';
import { isPortFree } from '../lib/embedded-database.mjs';

/**
 * A real SMTP server on loopback that keeps every message it accepted: its Message-ID header, the
 * envelope's recipients and the subject. Headers are parsed minimally (unfolded, first occurrence).
 *
 * @param {number} port
 */
export function createSmtpSink(port) {
  /** @type {{ messageId: string | null, to: string[], subject: string, receivedAt: number }[]} */
  const received = [];
  /** @type {SMTPServer | null} */
  let server = null;

  const headersOf = (raw) => {
    const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    const headers = new Map();
    for (const line of unfolded.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
    }
    return headers;
  };

  const sink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** @returns {Promise<void>} */
    async start() {
      if (server) return;
      if (!(await isPortFree(port))) throw new Error(`SMTP sink: port ${port} is in use (RELIABILITY_SMTP_PORT)`);
      server = new SMTPServer({
        authOptional: true,
        // plain SMTP on loopback: nodemailer would upgrade to TLS if offered, and the sink has no certificate worth checking
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        // a stop() cuts connections after 500 ms (the default 30 s would keep "down" SMTP answering)
        closeTimeout: 500,
        size: 10 * 1024 * 1024,
        onData(stream, session, callback) {
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('end', () => {
            const headers = headersOf(Buffer.concat(chunks).toString('utf8'));
            received.push({
              messageId: headers.get('message-id') ?? null,
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              subject: headers.get('subject') ?? '',
              receivedAt: Date.now(),
            });
            callback();
          });
          stream.on('error', callback);
        },
      });
      server.on('error', () => undefined);
      await new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
    },
    /** Stops listening and cuts open connections: mail cannot be delivered until start(). */
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise((resolve) => closing.close(() => resolve()));
    },
    get running() {
      return server !== null;
    },
    /** Every message accepted so far, oldest first (a copy). */
    messages() {
      return received.map((message) => ({ ...message, to: [...message.to] }));
    },
  };
  return sink;
}
