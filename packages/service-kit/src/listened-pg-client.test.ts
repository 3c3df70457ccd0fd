import net from 'node:net';
import pg from 'pg';
import { ListenedPgClient } from './listened-pg-client.js';

/**
 * A PostgreSQL stand-in that accepts a connection and, in the same packet as its "ready", says what a
 * restarting server says to every session (57P01): the timing that ended a service in a reliability run.
 */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const AUTHENTICATION_OK = message('R', Buffer.from([0, 0, 0, 0]));
const READY_FOR_QUERY = message('Z', Buffer.from('I'));
const ADMIN_SHUTDOWN = message(
  'E',
  Buffer.from(['SFATAL', 'VFATAL', 'C57P01', 'Mterminating connection due to administrator command'].map((field) => `${field}\0`).join('') + '\0', 'latin1'),
);

let server: net.Server;
let port: number;
beforeAll(async () => {
  server = net.createServer((socket) => {
    socket.once('data', () => socket.end(Buffer.concat([AUTHENTICATION_OK, READY_FOR_QUERY, ADMIN_SHUTDOWN])));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const poolOptions = () => ({ host: '127.0.0.1', port, user: 'storefront', database: 'storefront', connectionTimeoutMillis: 2000 });

it("pg's own client: the restart message reaches a new pooled connection before anyone listens to it", async () => {
  const pool = new pg.Pool(poolOptions());
  const listenersAtTheError: number[] = [];
  pool.on('acquire', (client) => {
    // record, then swallow: an 'error' with no listener would end the test process
    const emit = client.emit.bind(client);
    client.emit = ((event: string, ...args: unknown[]) => {
      if (event !== 'error') return emit(event, ...args);
      listenersAtTheError.push(client.listenerCount('error'));
      return client.listenerCount('error') > 0 ? emit(event, ...args) : false;
    }) as typeof client.emit;
  });
  const client = await pool.connect();
  client.release(true);
  await pool.end();
  expect(listenersAtTheError).toEqual([0]);
});

it('ListenedPgClient: the same connection is heard, fails its first query, and the pool drops it', async () => {
  const pool = new pg.Pool({ ...poolOptions(), Client: ListenedPgClient });
  const client = await pool.connect();
  await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|terminating connection/);
  client.release();
  expect(pool.totalCount).toBe(0);
  await pool.end();
});
