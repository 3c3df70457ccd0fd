import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { GATEWAY, SERVICES, SERVICE_NAMES, type ServiceName } from './index.js';

/**
 * docker-compose.yml and each service's Dockerfile repeat the map's ports and URL variables (they
 * cannot import it): held to it here, so a port changed in one place fails until every copy agrees.
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

  it.each(DEPLOYED)('runs %s in production mode, listening on every interface of its container', (name) => {
    const environment = compose.services[name]?.environment;
    expect(environment?.NODE_ENV).toBe('production');
    expect(environment?.HOST).toBe('0.0.0.0');
  });

  it('has no default secret: the callers\' secrets, the scrape token, the database password and the mail server must be given', () => {
    // each internal caller's own secret: the caller signs with it, orders checks it; nobody else holds it
    const holders = { PAYMENTS_INTERNAL_SECRET: ['orders', 'payments'], FORMS_INTERNAL_SECRET: ['orders', 'forms'] };
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
  it.each([...SERVICE_NAMES.map((name) => [name, SERVICES[name].portEnv, SERVICES[name].port] as const), ['gateway', GATEWAY.portEnv, GATEWAY.port] as const])(
    '%s sets %s, NODE_ENV=production and HOST=0.0.0.0, exposes port %s and health-checks its readiness',
    (name, portEnv, port) => {
      const text = dockerfile(name);
      expect(text).toMatch(new RegExp(`ENV [^\\n]*\\b${portEnv}=${port}\\b`));
      // production mode, and reachable from outside its container (services listen on 127.0.0.1 otherwise)
      expect(text).toMatch(/^ENV [^\n]*\bNODE_ENV=production\b/m);
      expect(text).toMatch(/^ENV [^\n]*\bHOST=0\.0\.0\.0(\s|$)/m);
      expect(text).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
      expect(text).toContain(`http://127.0.0.1:${port}/health/ready`);
      // started from the service's own folder, where `node dist/migrate.js up` also runs
      expect(text).toMatch(new RegExp(`^WORKDIR /app/services/${name}$`, 'm'));
      expect(text).toContain('CMD ["node", "dist/main.js"]');
    },
  );
});
