import { Controller, Get, Module } from '@nestjs/common';
import { defineRoute, type BodyOf, type ParamsOf, type QueryOf } from '@storefront/contracts';
import request from 'supertest';
import { number, object, string } from 'yup';
import { createTestApp, type TestApp } from '../testing.js';
import { INTERNAL_CALL_MESSAGE } from './internal-token.guard.js';
import { Route, RouteBody, RouteParams, RouteQuery } from './route.decorator.js';
import { compareWithRouteTable } from './served-routes.js';

const widgetRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/widgets',
    service: 'orders',
    access: 'public',
    summary: 'Create a widget',
    status: 201,
    body: object({ name: string().trim().required('Name is required'), size: number().integer().min(1, 'Size must be at least 1').default(1) }),
    invalidMessage: (first) => `Invalid widget: ${first}`,
  }),
  resize: defineRoute({
    method: 'PATCH',
    path: '/api/widgets/:id',
    service: 'orders',
    access: 'public',
    summary: 'Resize a widget',
    params: object({ id: number().integer().positive('id must be a positive whole number').required() }),
    query: object({ unit: string().oneOf(['cm', 'in'], 'unit must be cm or in').default('cm') }),
    body: object({ size: number().required('size is required') }),
  }),
  look: defineRoute({ method: 'POST', path: '/api/widgets/look', service: 'orders', access: 'public', summary: 'Answers 200 by default' }),
  blind: defineRoute({ method: 'POST', path: '/api/widgets/blind', service: 'orders', access: 'public', summary: 'Reads a body it has no schema for' }),
  secret: defineRoute({ method: 'GET', path: '/internal/widgets', service: 'orders', access: 'internal', callers: ['payments'], summary: 'For other services' }),
  nobody: defineRoute({ method: 'GET', path: '/api/widgets/unserved', service: 'orders', access: 'public', summary: 'In the table, served by nobody' }),
};

@Controller()
class WidgetsController {
  @Route(widgetRoutes.create)
  create(@RouteBody() body: BodyOf<typeof widgetRoutes.create>) {
    return { created: body };
  }

  @Route(widgetRoutes.resize)
  resize(@RouteParams() params: ParamsOf<typeof widgetRoutes.resize>, @RouteQuery() query: QueryOf<typeof widgetRoutes.resize>, @RouteBody() body: BodyOf<typeof widgetRoutes.resize>) {
    return { params, query, body };
  }

  @Route(widgetRoutes.look)
  look() {
    return { looked: true };
  }

  @Route(widgetRoutes.blind)
  blind(@RouteBody() body: unknown) {
    return { body };
  }

  @Route(widgetRoutes.secret)
  secret() {
    return { secret: true };
  }

  @Get('/api/widgets/by-hand')
  byHand() {
    return {};
  }
}

@Module({ controllers: [WidgetsController] })
class WidgetsModule {}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(WidgetsModule, { logLevels: [] });
});
afterAll(async () => {
  await app.close();
  delete process.env.PAYMENTS_INTERNAL_SECRET;
});

describe('@Route and the validation pipe', () => {
  it('hands the handler the cast body (trimmed, defaults filled, unknown fields dropped) with the entry status', async () => {
    const res = await request(app.server).post('/api/widgets').send({ name: '  Door ', price: 1 }).expect(201);
    expect(res.body).toEqual({ created: { name: 'Door', size: 1 } });
  });

  it("answers 400 with the project's error body: the route's message and every broken field", async () => {
    const res = await request(app.server).post('/api/widgets').send({ size: 0 }).expect(400);
    expect(res.body).toMatchObject({
      success: false,
      statusCode: 400,
      message: 'Invalid widget: Name is required',
      errors: { name: 'Name is required', size: 'Size must be at least 1' },
    });
  });

  it('refuses a body that is not an object in plain words', async () => {
    const res = await request(app.server).post('/api/widgets').set('Content-Type', 'application/json').send('[1]').expect(400);
    expect(res.body).toMatchObject({ message: 'Request body must be a JSON object', errors: { _: 'Request body must be a JSON object' } });
  });

  it('validates path parameters and the query with the same pipe', async () => {
    const ok = await request(app.server).patch('/api/widgets/7').send({ size: 3 }).expect(200);
    expect(ok.body).toEqual({ params: { id: 7 }, query: { unit: 'cm' }, body: { size: 3 } });
    const bad = await request(app.server).patch('/api/widgets/-1?unit=in').send({ size: 3 }).expect(400);
    expect(bad.body.errors).toEqual({ id: 'id must be a positive whole number' });
    const badQuery = await request(app.server).patch('/api/widgets/1?unit=ft').send({ size: 3 }).expect(400);
    expect(badQuery.body.errors).toEqual({ unit: 'unit must be cm or in' });
  });

  it('answers a POST 200 unless the entry names another status', async () => {
    await request(app.server).post('/api/widgets/look').send({}).expect(200, { looked: true });
  });

  it('never lets an unchecked body through: reading a part the route has no schema for is a server error', async () => {
    const res = await request(app.server).post('/api/widgets/blind').send({ anything: 1 }).expect(500);
    expect(res.body.message).toBe('Internal server error');
  });

  it('guards internal routes: this machine only without the caller secrets, a signed call once they are set (401 otherwise)', async () => {
    // supertest calls from 127.0.0.1; signatures and calls from elsewhere are internal-calls.test.ts's
    await request(app.server).get('/internal/widgets').expect(200);
    process.env.PAYMENTS_INTERNAL_SECRET = 'a-long-caller-secret-0123456789abcdef';
    const refused = await request(app.server).get('/internal/widgets').set('X-Internal-Caller', 'payments').expect(401);
    expect(refused.body).toMatchObject({ statusCode: 401, message: INTERNAL_CALL_MESSAGE });
  });
});

describe('compareWithRouteTable', () => {
  it('names handlers mapped by hand, served routes the table lacks, and entries nobody serves', () => {
    expect(compareWithRouteTable(WidgetsModule, Object.values(widgetRoutes))).toEqual({
      unmapped: ['GET /api/widgets/by-hand (WidgetsController.byHand)'],
      notInTable: ['GET /api/widgets/by-hand (WidgetsController.byHand)'],
      notServed: ['GET /api/widgets/unserved'],
    });
  });
});
