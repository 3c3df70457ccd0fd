import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { getRepositoryToken } from '@nestjs/typeorm';
import { ContentStore } from '@storefront/site-config';
import { ContentAppModule } from '../app.module.js';
import { Review } from './review.entity.js';
import { ReviewsService } from './reviews.service.js';

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
      { name: 'Bob', rating: 5, platform: 'Houzz', location: 'Cary, NC', reviewText: 'Great design help.', profilePicture: '/images/reviews/bob.svg' },
      { name: 'Cy', rating: ' 5 ', platform: 'Google', location: 'Columbus, OH', reviewText: 'Fast delivery.' },
      { name: 'Half', rating: '4.5', platform: 'Yelp', location: 'Austin, TX', reviewText: 'Half a star short.' },
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
  it('answers the stored reviews best first, ratings given as strings normalised to numbers', async () => {
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
      location: 'Cary, NC',
      profilePicture: '/images/reviews/bob.svg',
      reviewText: 'Great design help.',
    });
    expect(res.body[1]).toMatchObject({ rating: 5, profilePicture: null });
    expect(res.body[2]).toMatchObject({ rating: 4.5 });
    expect(res.body[3]).toMatchObject({ rating: 4, location: 'Edison, NJ', platform: 'Google' });
  });

  it('seeds nothing from a file that breaks its schema, naming each problem (a bad rating, a picture that is no /images/ path)', async () => {
    const broken = await mkdtemp(path.join(os.tmpdir(), 'content-reviews-broken-'));
    await mkdir(path.join(broken, 'data'));
    await writeFile(
      path.join(broken, 'data/reviews.json'),
      JSON.stringify([
        { name: 'Cy', rating: 5, platform: 'Google', location: 'Edison, NJ', reviewText: 'Fast.', profilePicture: 'javascript:alert(1)' },
        { name: 'Odd', rating: 4.3, platform: 'Google', location: 'Edison, NJ', reviewText: 'Not a half step.' },
      ]),
    );
    const service = new ReviewsService(testApp.app.get(getRepositoryToken(Review)), new ContentStore(broken));
    await expect(service.seedFromContent()).rejects.toThrow(
      'Invalid content file data/reviews.json: [0].profilePicture must be an /images/....svg path (got "javascript:alert(1)"); [1].rating must be a rating from 1 to 5 in half steps',
    );
    expect((await request(testApp.server).get('/api/reviews/summary')).body.reviewCount).toBe(4);
    await rm(broken, { recursive: true, force: true });
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
