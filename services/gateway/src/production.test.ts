import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PRODUCTION_BASELINE_ENV, createTestApp, productionProblems } from '@storefront/service-kit';
import request from 'supertest';
import { gatewayProductionRules, readGatewayConfig } from './config.js';
import { gatewayAppOptions } from './gateway-app.js';
import { GatewayModule } from './gateway.module.js';

const problems = (env: Record<string, string | undefined>) => productionProblems({ database: false, rules: gatewayProductionRules() }, env);
/** The common settings and the gateway's own requirement: the remotes registry. */
const GATEWAY_BASELINE_ENV = { ...PRODUCTION_BASELINE_ENV, REMOTES_REGISTRY_FILE: '/etc/storefront/remotes/registry.json' };

describe('the gateway in production', () => {
  it('starts with the common settings, the registry, and no internal secret at all', async () => {
    expect(await problems(GATEWAY_BASELINE_ENV)).toEqual([]);
  });

  it('refuses an HSTS max-age under a day', async () => {
    expect(await problems({ ...GATEWAY_BASELINE_ENV, GATEWAY_HSTS_MAX_AGE: '3600' })).toEqual([
      {
        variable: 'GATEWAY_HSTS_MAX_AGE',
        problem: 'GATEWAY_HSTS_MAX_AGE must be at least 86400 seconds in production (got 3600): browsers would forget to insist on https',
      },
    ]);
    expect(await problems({ ...GATEWAY_BASELINE_ENV, GATEWAY_HSTS_MAX_AGE: '86400' })).toEqual([]);
  });

  it('refuses to start without the remotes registry, whatever REMOTE_MF_*_URL says', async () => {
    const refusal = {
      variable: 'REMOTES_REGISTRY_FILE',
      problem:
        'REMOTES_REGISTRY_FILE must be set in production: the gateway renders only remote server bundles the registry names, checked against their sha384 (see docs/deployment.md)',
    };
    expect(await problems(PRODUCTION_BASELINE_ENV)).toEqual([refusal]);
    expect(await problems({ ...PRODUCTION_BASELINE_ENV, REMOTE_MF_CHECKOUT_URL: 'https://cdn.example.com/mf-checkout/mf-manifest.json' })).toEqual([refusal]);
  });

  it('sends Strict-Transport-Security in production only', async () => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'gateway-hsts-'));
    await mkdir(path.join(webRoot, 'shell', 'dist'), { recursive: true });
    await writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
    try {
      const answer = async (env: Record<string, string>) => {
        const config = readGatewayConfig({ WEB_ROOT: webRoot, ...env });
        const app = await createTestApp(GatewayModule.register(config), { ...gatewayAppOptions(config), name: 'gateway', logLevels: [] });
        try {
          return (await request(app.server).get('/').set('accept', 'text/html')).headers['strict-transport-security'];
        } finally {
          await app.close();
        }
      };
      expect(await answer({ NODE_ENV: 'production' })).toBe('max-age=31536000');
      expect(await answer({ NODE_ENV: 'production', GATEWAY_HSTS_MAX_AGE: '86400' })).toBe('max-age=86400');
      expect(await answer({})).toBeUndefined();
    } finally {
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});
