import type { LoggerService } from '@nestjs/common';
import express from 'express';
import request from 'supertest';
import { createServiceLogger } from './logger.js';
import { requestContext } from './request-context.js';

function appWith(logger: LoggerService, lines: string[]) {
  const app = express();
  app.use(requestContext(logger, (line) => lines.push(line)));
  app.get('/things', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

describe('requestContext', () => {
  it('logs one line per request with its id, path without the query, status and time', async () => {
    const lines: string[] = [];
    const res = await request(appWith(createServiceLogger('test', ['log']), lines))
      .get('/things?secret=1')
      .set('x-request-id', 'req-12345678');
    expect(res.headers['x-request-id']).toBe('req-12345678');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'log',
      message: 'request',
      context: 'http',
      method: 'GET',
      path: '/things',
      status: 200,
      requestId: 'req-12345678',
      ms: expect.any(Number),
    });
  });

  it('logs nothing when LOG_LEVEL is above log', async () => {
    const lines: string[] = [];
    await request(appWith(createServiceLogger('test', ['fatal', 'error', 'warn']), lines)).get('/things');
    expect(lines).toEqual([]);
  });
});
