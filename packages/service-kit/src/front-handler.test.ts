import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, type TestApp } from './testing.js';
import type { FrontHandler } from './front-handler.js';

@Controller('pages')
class PagesController {
  @Get()
  page() {
    return { from: 'nest' };
  }
}

@Module({ controllers: [PagesController] })
class PagesModule {}

const seen: string[] = [];
const front: FrontHandler = (req) => {
  seen.push(req.url ?? '');
  if (req.url === '/front/throws-claiming') throw new TypeError('cannot read the claim');
  if (!req.url?.startsWith('/front')) return undefined;
  return (res) => {
    if (req.url === '/front/throws') throw new TypeError('val.trim is not a function');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ from: 'front', requestId: req.headers['x-request-id'] }));
  };
};

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp(PagesModule, { front, logLevels: [] });
});

afterAll(async () => {
  await testApp.close();
});

describe('a front handler', () => {
  it('answers the requests it claims, after request ids and before helmet and Nest', async () => {
    const res = await request(testApp.server).get('/front/x');
    expect(res.body).toEqual({ from: 'front', requestId: res.headers['x-request-id'] });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('leaves every other request to the app, with its middleware', async () => {
    const res = await request(testApp.server).get('/pages');
    expect(res.body).toEqual({ from: 'nest' });
    expect(res.headers['x-request-id']).toBeDefined();
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(seen).toContain('/pages');
  });

  it('answers a handler that throws with the JSON 500, and the service keeps serving', async () => {
    for (const path of ['/front/throws', '/front/throws-claiming']) {
      const res = await request(testApp.server).get(path);
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ success: false, statusCode: 500, message: 'Internal server error' });
    }
    expect((await request(testApp.server).get('/front/x')).status).toBe(200);
  });
});
