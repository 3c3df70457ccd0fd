import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHARED_SINGLETONS, createSharedPolicy, findInstalledVersion, hostSharedPolicy, packageNameOf } from './shared-policy.js';

describe('shared policy', () => {
  it('shares React, zustand, yup and our store/UI/remote-loader packages as singletons, not the router (the UI kit hands it over)', () => {
    const policy = createSharedPolicy('/nowhere', () => '1.2.3');
    expect(Object.keys(policy).sort()).toEqual(
      [
        '@storefront/remote-loader',
        '@storefront/sample-cart',
        '@storefront/ui',
        '@storefront/ui/fields',
        '@storefront/ui/lightbox',
        '@storefront/ui/slider',
        '@storefront/ui/table',
        'react',
        'react-dom',
        'react-dom/',
        'react/',
        'yup',
        'zustand',
      ].sort(),
    );
    for (const entry of Object.values(policy)) expect(entry.singleton).toBe(true);
  });

  it('requires a caret range of the installed version, deep-import keys using their package', () => {
    const versions: Record<string, string> = { react: '19.3.1', 'react-dom': '19.3.1', zustand: '5.1.0' };
    const policy = createSharedPolicy('/nowhere', (name) => versions[name]);
    expect(policy['react']).toEqual({ singleton: true, requiredVersion: '^19.3.1' });
    expect(policy['react/']).toEqual({ singleton: true, requiredVersion: '^19.3.1' });
    expect(policy['zustand']?.requiredVersion).toBe('^5.1.0');
    // not installed for this app: no requirement instead of a build failure
    expect(policy['@storefront/ui']?.requiredVersion).toBe(false);
  });

  it("bundles what every page starts with into the shell's entry, and leaves page-specific packages on demand", () => {
    const policy = hostSharedPolicy('/nowhere', () => '1.2.3');
    const eager = Object.keys(policy).filter((key) => policy[key]?.eager === true);
    expect(eager.sort()).toEqual(['@storefront/remote-loader', '@storefront/sample-cart', '@storefront/ui', 'react', 'react-dom', 'react-dom/', 'react/', 'zustand'].sort());
    expect(policy['yup']).toEqual({ singleton: true, requiredVersion: '^1.2.3' });
    expect(policy['@storefront/ui/fields']?.eager).toBeUndefined();
    // a remote's policy is never eager: it runs under the shell, which provides these
    expect(Object.values(createSharedPolicy('/nowhere', () => '1.2.3')).some((entry) => entry.eager)).toBe(false);
  });

  it('maps share keys to package names', () => {
    expect(packageNameOf('react-dom/')).toBe('react-dom');
    expect(packageNameOf('@storefront/ui')).toBe('@storefront/ui');
    expect(packageNameOf('@storefront/ui/fields')).toBe('@storefront/ui');
    expect(SHARED_SINGLETONS).toContain('react/');
  });

  it('finds the installed version by walking up node_modules, even for packages with an exports map', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'federation-'));
    const pkgDir = path.join(root, 'node_modules', '@storefront', 'ui');
    mkdirSync(pkgDir, { recursive: true });
    writeFileSync(
      path.join(pkgDir, 'package.json'),
      JSON.stringify({ name: '@storefront/ui', version: '0.4.0', exports: { '.': './dist/index.js' } }),
    );
    const appDir = path.join(root, 'apps', 'shell');
    mkdirSync(appDir, { recursive: true });
    expect(findInstalledVersion('@storefront/ui', appDir)).toBe('0.4.0');
    expect(findInstalledVersion('not-installed-anywhere-xyz', appDir)).toBeUndefined();
  });

  it('reads the real installed React version from this repository', () => {
    expect(findInstalledVersion('react', process.cwd())).toMatch(/^19\./);
  });
});
