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
const frontEnds = { shell: 3000, 'mf-content': 3001, 'mf-catalog': 3002, 'mf-forms': 3003, 'mf-estimator': 3004, 'mf-checkout': 3005 };
const backEnds = ['content', 'forms', 'orders', 'payments', 'gateway'];
const slice = process.argv[2];

if (!slice || !(slice in frontEnds || backEnds.includes(slice))) {
  console.error(`Usage: npm run dev -- <slice>\n  front end: ${Object.keys(frontEnds).join(', ')}\n  service:   ${backEnds.join(', ')}`);
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

if (slice in frontEnds) {
  for (const [app, port] of Object.entries(frontEnds)) {
    if (app !== 'shell') env[`REMOTE_${app.replace('-', '_').toUpperCase()}_URL`] = `http://localhost:${port}/mf-manifest.json`;
  }
  run('node', ['scripts/start.mjs', '--no-build']);
  for (const app of Object.keys(frontEnds)) run(bin('webpack'), ['serve', '--mode', 'development'], { cwd: path.join(root, app) });
  console.log(`[dev] ${slice} in watch mode; open http://localhost:${frontEnds.shell}`);
} else {
  const serviceDir = path.join(root, 'services', slice);
  run(bin('tsc'), ['-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: serviceDir });
  env.DEV_WATCH_SERVICE = slice;
  run('node', ['scripts/start.mjs', '--no-build']);
  console.log(`[dev] services/${slice} in watch mode; open http://localhost:${env.PORT ?? 8080}`);
}
