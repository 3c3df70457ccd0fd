import { commandLineDatabaseUrl } from './command-line-database.js';

describe('commandLineDatabaseUrl', () => {
  it('takes DATABASE_URL when set', () => {
    expect(commandLineDatabaseUrl({ DATABASE_URL: ' postgres://u:p@db:5432/shop ' })).toBe('postgres://u:p@db:5432/shop');
  });

  it("else points at npm start's embedded database, with its settings", () => {
    expect(commandLineDatabaseUrl({})).toBe('postgres://postgres:password@127.0.0.1:54329/storefront');
    expect(commandLineDatabaseUrl({ EMBEDDED_PG_PORT: '54400', EMBEDDED_PG_USER: 'me', EMBEDDED_PG_PASSWORD: 'p@ss', EMBEDDED_PG_DATABASE: 'other' })).toBe(
      'postgres://me:p%40ss@127.0.0.1:54400/other',
    );
  });
});
