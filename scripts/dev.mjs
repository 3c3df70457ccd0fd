#!/usr/bin/env node
// `npm run dev -- <slice>`: the whole site with one slice in watch mode.
// - a front-end slice (shell or mf-*): every front-end app runs on webpack-dev-server in development
//   mode (STACK-NOTES: never mix a development host with production remotes), the gateway's
//   /config/remotes.json points at the dev servers, and the shell is served at http://localhost:3000
//   (its dev server forwards /api, /config and /images to the gateway).
// - a service slice (content, forms, orders, payments, gateway): tsc --watch for it, and the stack
//   restarts when its build changes (node --watch on the service's dist/main.js).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The slices are the map of the site's (packages/topology); this is only their list for the usage line.
const frontEndFolders = ['shell', 'mf-content', 'mf-catalog', 'mf-forms', 'mf-estimator', 'mf-checkout', 'mf-backoffice'];
const backEnds = ['content', 'forms', 'orders', 'payments', 'gateway'];
const slice = process.argv[2];

if (!slice || !(frontEndFolders.includes(slice) || backEnds.includes(slice))) {
  console.error(`Usage: npm run dev -- <slice>\n  front end: ${frontEndFolders.join(', ')}\n  service:   ${backEnds.join(', ')}`);
  process.exit(2);
}

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
// Tools run directly (not through npx) so that stopping dev stops them too.
const bin = (tool) => path.join(root, 'node_modules', '.bin', tool);
const children = [];
const run = (command, args, options = {}) => {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  children.push(child);
  return child;
};
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

const build = spawnSync('npx', ['turbo', 'run', 'build'], { cwd: root, env, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// built above: the map of the site (ports, remote names, their URL variables)
const { REMOTES, SHELL, GATEWAY } = await import('@storefront/topology');

if (frontEndFolders.includes(slice)) {
  for (const remote of REMOTES) env[remote.urlEnv] = `http://localhost:${remote.devPort}/mf-manifest.json`;
  run('node', ['scripts/start.mjs', '--no-build']);
  for (const app of frontEndFolders) run(bin('webpack'), ['serve', '--mode', 'development'], { cwd: path.join(root, app) });
  console.log(`[dev] ${slice} in watch mode; open http://localhost:${SHELL.devPort}`);
} else {
  const serviceDir = path.join(root, 'services', slice);
  run('node', [path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: serviceDir });
  env.DEV_WATCH_SERVICE = slice;
  run('node', ['scripts/start.mjs', '--no-build']);
  console.log(`[dev] services/${slice} in watch mode; open http://localhost:${env[GATEWAY.portEnv] ?? GATEWAY.port}`);
}
