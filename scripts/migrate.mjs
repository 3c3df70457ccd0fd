// `npm run migrate -- <service> up|status|revert-last [--json]`: builds the service, then runs its
// migrate command (`node dist/migrate.js`, what the images' one-shots and Jobs run) from its folder.
// Exit codes are the command's: 0 done, 1 failed, 2 bad usage.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// the services with a schema of their own are the ones with a migrate command
const services = readdirSync(path.join(root, 'services')).filter((name) => existsSync(path.join(root, 'services', name, 'src', 'migrate.ts')));
const [service, ...args] = process.argv.slice(2);

if (!service || !services.includes(service)) {
  process.stderr.write(
    `${service ? `No migrate command for "${service}". ` : ''}Usage: npm run migrate -- <service> <command>\n` +
      `  service: ${services.join(', ')}\n  command: up, status [--json], revert-last (--help: more)\n`,
  );
  process.exit(2);
}

const build = spawnSync('npx', ['turbo', 'run', 'build', `--filter=@storefront/${service}-service`, '--output-logs=errors-only'], {
  cwd: root,
  // stdout stays the command's (status --json): the build's output goes to stderr
  stdio: ['ignore', process.stderr, process.stderr],
});
if (build.status !== 0) {
  process.stderr.write(`Building the ${service} service failed (exit ${build.status ?? build.signal})\n`);
  process.exit(1);
}
const run = spawnSync(process.execPath, ['dist/migrate.js', ...args], { cwd: path.join(root, 'services', service), stdio: 'inherit' });
process.exit(run.status ?? 1);
