import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ContentAppModule } from '../app.module.js';

const schema = `reviews_test_${process.pid}_${Date.now().toString(36)}`;
let contentRoot: string;
let testApp: TestApp;

beforeAll(async () => {
  contentRoot = await mkdtemp(path.join(os.tmpdir(), 'content-reviews-'));
  await mkdir(path.join(contentRoot, 'data'), { recursive: true });
  await writeFile(
    path.join(contentRoot, 'data/reviews.json'),
    JSON.stringify([
      { name: 'Ann', rating: '4', platform: 'Google', location: 'Edison, NJ', reviewText: 'Good boxes.' },
      { name: 'Bob', rating: 5, platform: 'Houzz', reviewText: 'Great design help.', profilePicture: '/images/reviews/bob.svg' },
      { name: 'Cy', rating: ' 5 ', reviewText: 'Fast delivery.', profilePicture: 'javascript:alert(1)' },
      { name: 'Half', rating: '4.5', reviewText: 'Half a star short.' },
      { name: 'Odd', rating: 4.3, reviewText: 'Not a half step.' },
      { name: 'Words', rating: 'five' },
    ]),
  );
  testApp = await createTestApp(ContentAppModule.register({ schema, contentDir: contentRoot, publicSiteUrl: 'https://www.heartwood.test' }));
});

afterAll(async () => {
  await testApp?.app.get(DataSource).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await testApp?.close();
  await rm(contentRoot, { recursive: true, force: true });
});

describe('GET /api/reviews/birdeye', () => {
  it('answers the stored reviews best first, ratings given as strings normalised to numbers, bad ones skipped', async () => {
    const res = await request(testApp.server).get('/api/reviews/birdeye');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.map((review: { name: string }) => review.name)).toEqual(['Bob', 'Cy', 'Half', 'Ann']);
    expect(res.body.find((review: { name: string }) => review.name === 'Half').rating).toBe(4.5);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      name: 'Bob',
      rating: 5,
      platform: 'Houzz',
      location: null,
      profilePicture: '/images/reviews/bob.svg',
      reviewText: 'Great design help.',
    });
    expect(res.body[1]).toMatchObject({ rating: 5, profilePicture: null });
    expect(res.body[2]).toMatchObject({ rating: 4.5 });
    expect(res.body[3]).toMatchObject({ rating: 4, location: 'Edison, NJ', platform: 'Google' });
  });

  it('agrees with the summary', async () => {
    const summary = await request(testApp.server).get('/api/reviews/summary');
    expect(summary.body).toEqual({ avgRating: 4.6, reviewCount: 4 });
  });

  it('newer reviews come first among equal ratings', async () => {
    const dataSource = testApp.app.get(DataSource);
    await dataSource.query(`UPDATE "${schema}".reviews SET created_at = now() + interval '1 minute' WHERE author_name = 'Cy'`);
    const res = await request(testApp.server).get('/api/reviews/birdeye');
    expect(res.body.map((review: { name: string }) => review.name)).toEqual(['Cy', 'Bob', 'Half', 'Ann']);
  });
});
