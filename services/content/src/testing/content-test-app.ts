import { createTestApp, type TestApp } from '@storefront/service-kit';
import { contentDir } from '@storefront/site-config';
import { DataSource } from 'typeorm';
import { ContentAppModule } from '../app.module.js';

/** The public address the content tests' heads and sitemaps are written for. */
export const TEST_PUBLIC_SITE_URL = 'https://www.heartwood.test';

/**
 * TEST ONLY: the content service over the repository's content/, in a schema of its own, started
 * before the file's tests and dropped after them. Call at the top of a test file; the answer gives
 * the running app.
 */
export function useContentTestApp(name: string): () => TestApp {
  const schema = `${name}_${process.pid}_${Date.now().toString(36)}`;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(ContentAppModule.register({ schema, contentDir: contentDir(), publicSiteUrl: TEST_PUBLIC_SITE_URL }));
  });
  afterAll(async () => {
    await testApp?.app.get(DataSource).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await testApp?.close();
  });
  return () => {
    if (!testApp) throw new Error('The content test app is not started yet (use it inside a test).');
    return testApp;
  };
}
