import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The images copy the build context: whatever .dockerignore lets through is in every layer of every
 * image pushed to the registry. Held here: an operator's .env (every production secret), keys,
 * local data and test output never get in.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const patterns = readFileSync(path.join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

describe('.dockerignore', () => {
  it.each(['.env', '.env.*', '**/.env', '**/.env.*', '*.pem', '**/*.pem', '*.key', '**/*.key', '.data', '**/.data', '**/node_modules', 'test-results', '**/test-results', 'playwright-report', 'coverage'])(
    'keeps out %s',
    (pattern) => {
      expect(patterns).toContain(pattern);
    },
  );

  it('lets nothing back in', () => {
    expect(patterns.filter((pattern) => pattern.startsWith('!'))).toEqual([]);
  });
});
