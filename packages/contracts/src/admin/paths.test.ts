import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_PATHS, adminOrderPath, adminQuotePath, isAdminPath } from '../index.js';

describe("the back office's paths", () => {
  it('are all under /admin', () => {
    for (const value of Object.values(ADMIN_PATHS)) expect(isAdminPath(value)).toBe(true);
  });

  it('build an order and a quote page from their numbers, URI-encoded', () => {
    expect(adminOrderPath('SF-100013')).toBe('/admin/orders/SF-100013');
    expect(adminQuotePath('Q-100001')).toBe('/admin/quotes/Q-100001');
    expect(adminOrderPath('a/b?c#d e')).toBe('/admin/orders/a%2Fb%3Fc%23d%20e');
    expect(adminQuotePath('../staff')).toBe('/admin/quotes/..%2Fstaff');
  });

  it.each(['/admin', '/admin/', '/ADMIN/Orders', '//admin//sign-in', '/admin/orders/SF-1?tab=items', '/admin#top'])('%s is the back office', (address) => {
    expect(isAdminPath(address)).toBe(true);
  });

  it.each(['/', '/administrator', '/admins', '/api/admin/orders', '/my-account', '/x/admin'])('%s is not', (address) => {
    expect(isAdminPath(address)).toBe(false);
  });

  it('import nothing (the browser takes them without yup)', () => {
    const source = readFileSync(path.join(__dirname, 'paths.ts'), 'utf8');
    expect(source).not.toMatch(/^\s*import\b/m);
    expect(source).not.toMatch(/\bfrom\s+['"]/);
  });
});
