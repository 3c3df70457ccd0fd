import { Logger } from '@nestjs/common';
import pg from 'pg';

const logger = new Logger('database');

/**
 * node-postgres emits a broken connection's error (57P01 when PostgreSQL restarts) on the client
 * itself, and an 'error' event nobody listens to ends the process. The pool and TypeORM's query
 * runners listen only part of the time: pg-pool drops its idle listener the moment it hands a new
 * connection over, and a query runner adds its own a promise later. A restart message in the same
 * packet as the new connection's "ready" lands in between, and a service exited on it (reliability
 * run, "PostgreSQL restarted during writes"). This client listens for its whole life; the broken
 * connection then fails its next query and the pool drops it on release.
 */
export class ListenedPgClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', (error: Error) => logger.debug(`PostgreSQL connection lost: ${error.message}`));
  }
}
