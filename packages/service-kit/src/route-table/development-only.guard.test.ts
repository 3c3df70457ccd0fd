import { Controller, Module } from '@nestjs/common';
import { defineRoute } from '@storefront/contracts';
import request from 'supertest';
import { createTestApp, type TestApp } from '../testing.js';
import { Route } from './route.decorator.js';

const devRoutes = {
  page: defineRoute({ method: 'GET', path: '/dev/page', service: 'orders', access: 'development', summary: 'A development page' }),
  form: defineRoute({ method: 'POST', path: '/dev/page', service: 'orders', access: 'development', summary: 'Its form' }),
  demo: defineRoute({ method: 'GET', path: '/dev/demo', service: 'orders', access: 'development', summary: 'Served in production on purpose' }),
  open: defineRoute({ method: 'GET', path: '/api/open', service: 'orders', access: 'public', summary: 'Public' }),
};

@Controller()
class DevController {
  @Route(devRoutes.page)
  page() {
    return { page: true };
  }

  @Route(devRoutes.form)
  form() {
    return { posted: true };
  }

  @Route(devRoutes.demo, { servedInProduction: (env) => env.DEMO_ALLOWED === 'yes' })
  demo() {
    return { demo: true };
  }

  @Route(devRoutes.open)
  open() {
    return { open: true };
  }
}

@Module({ controllers: [DevController] })
class DevModule {}

describe("@Route: access 'development'", () => {
  let app: TestApp;
  const saved = { NODE_ENV: process.env.NODE_ENV, DEMO_ALLOWED: process.env.DEMO_ALLOWED };

  beforeAll(async () => {
    app = await createTestApp(DevModule);
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves development routes outside production', async () => {
    delete process.env.NODE_ENV;
    expect((await request(app.server).get('/dev/page')).body).toEqual({ page: true });
    expect((await request(app.server).post('/dev/page')).body).toEqual({ posted: true });
  });

  it('answers 404 in production, like a path that was never mounted, for every method', async () => {
    process.env.NODE_ENV = 'production';
    const get = await request(app.server).get('/dev/page');
    expect(get.status).toBe(404);
    expect(JSON.stringify(get.body)).not.toContain('page":true');
    expect(get.body.message).toBe('Cannot GET /dev/page');
    const post = await request(app.server).post('/dev/page');
    expect(post.status).toBe(404);
    expect(post.body.message).toBe('Cannot POST /dev/page');
    // public routes are untouched
    expect((await request(app.server).get('/api/open')).body).toEqual({ open: true });
  });

  it("serves a development route in production only while its servedInProduction says so (read per request)", async () => {
    process.env.NODE_ENV = 'production';
    delete process.env.DEMO_ALLOWED;
    expect((await request(app.server).get('/dev/demo')).status).toBe(404);
    process.env.DEMO_ALLOWED = 'yes';
    expect((await request(app.server).get('/dev/demo')).body).toEqual({ demo: true });
    // the exception is the route's own: the other development routes stay 404
    expect((await request(app.server).get('/dev/page')).status).toBe(404);
  });
});
