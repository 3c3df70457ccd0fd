import type { LocationOption } from '@storefront/contracts';
import request from 'supertest';
import { useContentTestApp } from '../testing/content-test-app.js';

const app = useContentTestApp('locations_test');

describe('GET /api/content/locations', () => {
  it('lists countries by name with ISO codes as values, served from memory with a strong ETag', async () => {
    const response = await request(app().server).get('/api/content/locations/countries').expect(200);
    const countries = response.body as LocationOption[];
    expect(countries).toContainEqual({ value: 'US', label: 'United States' });
    expect(countries).toContainEqual({ value: 'CA', label: 'Canada' });
    expect(countries.length).toBeGreaterThan(200);
    const labels = countries.map((country) => country.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['surrogate-control']).toMatch(/^max-age=\d+$/);
    expect(response.headers.etag).toMatch(/^"/);
    await request(app().server).get('/api/content/locations/countries').set('If-None-Match', response.headers.etag!).expect(304);
  });

  it("lists a country's states by ISO code", async () => {
    const { body } = await request(app().server).get('/api/content/locations/countries/US/states').expect(200);
    expect(body).toContainEqual({ value: 'NJ', label: 'New Jersey' });
    expect(body).toContainEqual({ value: 'CA', label: 'California' });
    const lower = await request(app().server).get('/api/content/locations/countries/us/states').expect(200);
    expect(lower.body).toEqual(body);
  });

  it("lists a state's cities by name", async () => {
    const { body } = await request(app().server).get('/api/content/locations/countries/US/states/NJ/cities').expect(200);
    const cities = body as LocationOption[];
    expect(cities).toContainEqual({ value: 'Princeton', label: 'Princeton' });
    expect(cities.every((city) => city.value === city.label)).toBe(true);
    expect(new Set(cities.map((city) => city.value)).size).toBe(cities.length);
  });

  it('answers 404 with a clear message for an unknown country or state', async () => {
    expect((await request(app().server).get('/api/content/locations/countries/ZZ/states').expect(404)).body.message).toBe('Country "ZZ" not found');
    expect((await request(app().server).get('/api/content/locations/countries/..%2F..%2Fetc/states').expect(404)).body.message).toBe('Country "../../etc" not found');
    expect((await request(app().server).get('/api/content/locations/countries/US/states/QQ/cities').expect(404)).body.message).toBe('State "QQ" not found in country "US"');
    expect((await request(app().server).get('/api/content/locations/countries/ZZ/states/NJ/cities').expect(404)).body.message).toBe('Country "ZZ" not found');
  });
});
