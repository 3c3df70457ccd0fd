import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { GATEWAY, SERVICES, SERVICE_NAMES, type ServiceName } from './index.js';

/**
 * docker-compose.yml and the gateway's Dockerfile repeat the map's ports and URL variables (they
 * cannot import it): held to it here, so a port changed in one place fails until every copy agrees.
 * The services' shared Dockerfile repeats nothing: its health check asks the map at run time.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
// merge: the services' shared environment comes in through a YAML anchor (<<: *service-env)
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, { environment?: Record<string, string | number>; ports?: string[]; build?: { dockerfile?: string } }>;
};
const DEPLOYED = [...SERVICE_NAMES, GATEWAY.name];
/** Variables that hold a secret: never a value written in the file, never a default. */
const SECRET_NAME = /(TOKEN|PASSWORD|SECRET|_KEY)$/;
/** `${NAME:?message}`: compose refuses to start until NAME is set. */
const required = (name: string) => new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`);

const gatewayDockerfile = readFileSync(path.join(root, 'services', 'gateway', 'Dockerfile'), 'utf8');
const serviceDockerfile = readFileSync(path.join(root, 'deploy', 'service.Dockerfile'), 'utf8');

describe('docker-compose.yml', () => {
  it.each(SERVICE_NAMES)('runs %s on its port', (name: ServiceName) => {
    const service = compose.services[name];
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

  it.each(DEPLOYED)('runs %s in production mode, listening on every interface of its container', (name) => {
    const environment = compose.services[name]?.environment;
    expect(environment?.NODE_ENV).toBe('production');
    expect(environment?.HOST).toBe('0.0.0.0');
  });

  it('has no default secret: the callers\' secrets, the scrape token, the database password, the mail server and the staff keys\' key must be given', () => {
    // each internal caller's own secret: the caller signs with it, the services it calls check it; nobody else holds it
    const holders = { PAYMENTS_INTERNAL_SECRET: ['orders', 'payments'], FORMS_INTERNAL_SECRET: ['orders', 'forms'], ORDERS_INTERNAL_SECRET: ['orders', 'forms', 'payments'] };
    for (const [variable, names] of Object.entries(holders)) {
      for (const name of DEPLOYED) {
        const value = compose.services[name]?.environment?.[variable];
        if (names.includes(name)) expect(`${name}: ${value}`).toMatch(new RegExp(`^${name}: \\$\\{${variable}:\\?[^}]+\\}$`));
        else expect(`${name}: ${value}`).toBe(`${name}: undefined`);
      }
    }
    // retired: one secret for every purpose
    expect(composeText).not.toContain('INTERNAL_API_TOKEN');
    // the scraper's credential, everywhere (the gateway included), and the gateway's only secret
    for (const name of DEPLOYED) expect(compose.services[name]?.environment?.METRICS_TOKEN).toMatch(required('METRICS_TOKEN'));
    expect(Object.keys(compose.services.gateway?.environment ?? {}).filter((variable) => SECRET_NAME.test(variable) && !/^(RECAPTCHA_SITE_KEY|STRIPE_PUBLISHABLE_KEY|AUTHORIZENET_CLIENT_KEY)$/.test(variable))).toEqual(['METRICS_TOKEN']);
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(required('POSTGRES_PASSWORD'));
    for (const name of SERVICE_NAMES) {
      const databaseUrl = String(compose.services[name]?.environment?.DATABASE_URL);
      // through the pooler; only the one-shot migrations connect to PostgreSQL itself
      expect(`${name}: ${databaseUrl}`).toMatch(new RegExp(`^${name}: postgres://storefront:\\$\\{POSTGRES_PASSWORD:\\?[^}]+\\}@pgbouncer:5432/storefront$`));
    }
    // without SMTP_URL orders would serve the local mailbox (/dev/mailbox)
    expect(compose.services.orders?.environment?.SMTP_URL).toMatch(required('SMTP_URL'));
    // the key orders seals the staff's authenticator keys with: orders' alone
    for (const name of DEPLOYED) {
      const value = compose.services[name]?.environment?.STAFF_TOTP_ENCRYPTION_KEY;
      if (name === 'orders') expect(value).toMatch(required('STAFF_TOTP_ENCRYPTION_KEY'));
      else expect(`${name}: ${value}`).toBe(`${name}: undefined`);
    }
  });

  it('gives no secret-holding variable a value or a default of its own (only empty ones)', () => {
    for (const [composeName, service] of Object.entries(compose.services)) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (SECRET_NAME.test(variable)) expect(`${composeName}.${variable}: ${value}`).toMatch(/: \$\{[A-Z0-9_]+(:\?[^}]+|:-)\}$/);
      }
    }
    const defaults = [...composeText.matchAll(/\$\{([A-Z0-9_]+):?-([^}]*)\}/g)].filter(([, name]) => SECRET_NAME.test(name!));
    expect(defaults.filter(([, , fallback]) => fallback !== '').map(([text]) => text)).toEqual([]);
    expect(composeText).not.toContain('change-me');
  });

  it('runs the gateway on its port, published through the edge alone', () => {
    expect(String(compose.services.gateway?.environment?.[GATEWAY.portEnv])).toBe(String(GATEWAY.port));
    expect(compose.services.gateway?.ports).toBeUndefined();
    expect(compose.services.edge?.ports?.some((mapping) => mapping.endsWith(':8080'))).toBe(true);
  });
});

describe('the Dockerfiles', () => {
  it.each([
    ['the services', serviceDockerfile],
    ['the gateway', gatewayDockerfile],
  ])('%s: NODE_ENV=production and HOST=0.0.0.0, started from the service folder', (_, text) => {
    // production mode, and reachable from outside its container (services listen on 127.0.0.1 otherwise)
    expect(text).toMatch(/^ENV [^\n]*\bNODE_ENV=production\b/m);
    expect(text).toMatch(/^ENV [^\n]*\bHOST=0\.0\.0\.0(\s|$)/m);
    expect(text).toContain('CMD ["node", "dist/main.js"]');
  });

  it('the gateway sets its port, exposes it and health-checks its readiness there, from its own folder', () => {
    expect(gatewayDockerfile).toMatch(new RegExp(`ENV [^\\n]*\\b${GATEWAY.portEnv}=${GATEWAY.port}\\b`));
    expect(gatewayDockerfile).toMatch(new RegExp(`^EXPOSE ${GATEWAY.port}$`, 'm'));
    expect(gatewayDockerfile).toContain(`http://127.0.0.1:${GATEWAY.port}/health/ready`);
    expect(gatewayDockerfile).toMatch(/^WORKDIR \/app\/services\/gateway$/m);
  });

  describe("the services' health check, run as the image runs it (from the service's folder, the map from node_modules)", () => {
    const healthcheck = JSON.parse(/^HEALTHCHECK [^\n]*? CMD (\[.*\])$/m.exec(serviceDockerfile)![1]!) as string[];

    it("starts from the service's folder (so do the service and `node dist/migrate.js`)", () => {
      expect(serviceDockerfile).toMatch(/^WORKDIR \/app\/services\/\$\{SERVICE\}$/m);
    });

    /** Runs the check against a stand-in that answers /health/ready with `status`, on the port the variable names. */
    async function check(name: ServiceName, status: number): Promise<{ exitCode: number; asked: string[] }> {
      const asked: string[] = [];
      const server = createServer((request, response) => {
        asked.push(request.url ?? '');
        response.writeHead(request.url === '/health/ready' ? status : 404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const [command, ...args] = healthcheck;
        await promisify(execFile)(command === 'node' ? process.execPath : command!, args, {
          cwd: path.join(root, 'services', name),
          env: { PATH: process.env.PATH, [SERVICES[name].portEnv]: String(port) },
          timeout: 10_000,
        });
        return { exitCode: 0, asked };
      } catch (error) {
        const { code } = error as { code?: unknown };
        if (typeof code !== 'number') throw error;
        return { exitCode: code, asked };
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }

    it.each(SERVICE_NAMES)('%s: healthy when /health/ready answers 200 at the port its variable names, unhealthy on 503', async (name) => {
      expect(await check(name, 200)).toEqual({ exitCode: 0, asked: ['/health/ready'] });
      expect(await check(name, 503)).toEqual({ exitCode: 1, asked: ['/health/ready'] });
    });
  });
});
