import { BadRequestException, Body, Controller, Get, Module, NotFoundException, Post } from '@nestjs/common';
import request from 'supertest';
import { API_SECURITY_HEADERS } from './json-answer.js';
import { HealthModule } from './health.js';
import { createTestApp, type TestApp } from './testing.js';

@Controller('things')
class ThingsController {
  @Post()
  create(@Body() body: unknown) {
    return { received: body };
  }

  @Get('missing')
  missing() {
    throw new NotFoundException('Thing not found');
  }

  @Get('invalid')
  invalid() {
    throw new BadRequestException({ message: 'Check the form', errors: { email: 'Invalid email address' } });
  }

  @Get('broken')
  broken() {
    throw new Error('connection string postgres://secret@db leaked?');
  }
}

@Module({ imports: [HealthModule.register({ service: 'things' })], controllers: [ThingsController] })
class ThingsModule {}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp(ThingsModule, { bodyLimit: '1kb', logLevels: [] });
});

afterAll(async () => {
  await testApp.close();
});

describe('a service built with the kit', () => {
  it('gives every response a request id, reusing a sane incoming one', async () => {
    const fresh = await request(testApp.server).get('/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const reused = await request(testApp.server).get('/health').set('x-request-id', 'abc-123-def-456');
    expect(reused.headers['x-request-id']).toBe('abc-123-def-456');

    const insane = await request(testApp.server).get('/health').set('x-request-id', '<script>alert(1)</script>');
    expect(insane.headers['x-request-id']).not.toContain('<');
  });

  it('answers /health with the service name and no database field when it has none', async () => {
    const res = await request(testApp.server).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', service: 'things', uptimeSeconds: expect.any(Number) });
  });

  it('parses JSON bodies', async () => {
    const res = await request(testApp.server).post('/things').send({ name: 'door' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ received: { name: 'door' } });
  });

  it('answers a body over the limit with 413 and a clear message', async () => {
    const res = await request(testApp.server).post('/things').send({ text: 'x'.repeat(2000) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, statusCode: 413, message: 'Request body is too large (limit 1KB)' });
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers broken JSON with 400', async () => {
    const res = await request(testApp.server).post('/things').set('content-type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400, message: 'Request body is not valid JSON' });
  });

  it.each(['gzip', 'deflate', 'br'])('answers a body that is not the %s its Content-Encoding says with 400, not 500', async (encoding) => {
    const res = await request(testApp.server).post('/things').set('content-type', 'application/json').set('content-encoding', encoding).send('{"name":"door"}');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400, message: 'Request body is not encoded as its Content-Encoding says' });
  });

  it('keeps the status and message of HTTP errors, with per-field errors', async () => {
    const missing = await request(testApp.server).get('/things/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, statusCode: 404, message: 'Thing not found' });

    const invalid = await request(testApp.server).get('/things/invalid');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ message: 'Check the form', errors: { email: 'Invalid email address' } });
  });

  it('hides the details of unexpected errors', async () => {
    const res = await request(testApp.server).get('/things/broken');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      success: false,
      statusCode: 500,
      message: 'Internal server error',
      requestId: res.headers['x-request-id'],
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await request(testApp.server).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, statusCode: 404 });
  });

  it('sets the security headers a JSON answer needs, and only those', async () => {
    const res = await request(testApp.server).get('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-xss-protection']) {
      expect(res.headers[documentOnly]).toBeUndefined();
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    // answers written by a front handler carry the very same headers
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(res.headers[name.toLowerCase()]).toBe(value);
  });
});
