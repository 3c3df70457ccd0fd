import { Global, Module } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { HealthModule } from './health.js';
import { createTestApp, type TestApp } from './testing.js';

/** What readiness asks of the service's DataSource, answered as each test sets it. */
const database = {
  isInitialized: true,
  up: true,
  pending: true,
  showMigrationsCalls: 0,
  async query() {
    if (!this.up) throw new Error('connect ECONNREFUSED');
    return [{ '?column?': 1 }];
  },
  async showMigrations() {
    this.showMigrationsCalls++;
    if (!this.up) throw new Error('connect ECONNREFUSED');
    return this.pending;
  },
};

@Global()
@Module({ providers: [{ provide: DataSource, useValue: database }], exports: [DataSource] })
class FakeDatabaseModule {}

@Module({ imports: [FakeDatabaseModule, HealthModule.register({ service: 'stocked' })] })
class StockedModule {}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp(StockedModule, { logLevels: [] });
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /health/ready of a service with a database', () => {
  it('is 503 while a migration is pending, 200 once none is (and does not ask again), 503 while the database is down', async () => {
    const pending = await request(testApp.server).get('/health/ready');
    expect(pending.status).toBe(503);
    expect(pending.body).toEqual({ status: 'unready', service: 'stocked', database: 'up', reason: 'migrations pending' });

    database.pending = false;
    const ready = await request(testApp.server).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', service: 'stocked', database: 'up' });
    const asked = database.showMigrationsCalls;
    await request(testApp.server).get('/health/ready').expect(200);
    expect(database.showMigrationsCalls).toBe(asked);

    database.up = false;
    const down = await request(testApp.server).get('/health/ready');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unready', service: 'stocked', database: 'down', reason: 'database down' });
    // liveness does not ask the database
    await request(testApp.server).get('/health/live').expect(200);
    database.up = true;
    await request(testApp.server).get('/health/ready').expect(200);
  });
});
