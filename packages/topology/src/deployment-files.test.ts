import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { GATEWAY, SERVICES, SERVICE_NAMES, type ServiceName } from './index.js';

/**
 * docker-compose.yml and each service's Dockerfile repeat the map's ports and URL variables (they
 * cannot import it): held to it here, so a port changed in one place fails until every copy agrees.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, { environment?: Record<string, string | number>; ports?: string[]; build?: { dockerfile?: string } }>;
};

function dockerfile(name: string): string {
  return readFileSync(path.join(root, 'services', name, 'Dockerfile'), 'utf8');
}

describe('docker-compose.yml', () => {
  it.each(SERVICE_NAMES)('runs %s on its port', (name: ServiceName) => {
    const service = compose.services[name];
    expect(service?.build?.dockerfile).toBe(`services/${name}/Dockerfile`);
    expect(String(service?.environment?.[SERVICES[name].portEnv])).toBe(String(SERVICES[name].port));
  });

  it("gives every service's URL variable the service's address, wherever it is set", () => {
    for (const [composeName, service] of Object.entries(compose.services)) {
      for (const name of SERVICE_NAMES) {
        const value = service.environment?.[SERVICES[name].urlEnv];
        if (value !== undefined) expect(`${composeName}: ${value}`).toBe(`${composeName}: http://${name}:${SERVICES[name].port}`);
      }
    }
    // the gateway needs all of them
    for (const name of SERVICE_NAMES) expect(compose.services.gateway?.environment?.[SERVICES[name].urlEnv]).toBeDefined();
  });

  it('publishes the gateway on its port', () => {
    expect(String(compose.services.gateway?.environment?.[GATEWAY.portEnv])).toBe(String(GATEWAY.port));
    expect(compose.services.gateway?.ports?.some((mapping) => mapping.endsWith(`:${GATEWAY.port}`))).toBe(true);
  });
});

describe('the Dockerfiles', () => {
  it.each([...SERVICE_NAMES.map((name) => [name, SERVICES[name].portEnv, SERVICES[name].port] as const), ['gateway', GATEWAY.portEnv, GATEWAY.port] as const])(
    '%s sets %s, exposes and health-checks port %s',
    (name, portEnv, port) => {
      const text = dockerfile(name);
      expect(text).toMatch(new RegExp(`ENV [^\\n]*\\b${portEnv}=${port}\\b`));
      expect(text).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
      expect(text).toContain(`http://127.0.0.1:${port}/health`);
      expect(text).toContain(`services/${name}/dist/main.js`);
    },
  );
});
