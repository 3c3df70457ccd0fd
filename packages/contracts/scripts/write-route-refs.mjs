// Writes src/routes/route-refs.ts from the built route table (run after a build, when a route is added
// or moved): `npm run route-refs -w @storefront/contracts`. The compiler holds the file to the table
// (RouteRefsOf: the same keys, the same literal method and path), so a stale file fails the typecheck.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as routes from '../dist/routes/index.js';

const groups = Object.keys(routes).filter((name) => name.endsWith('Routes')).sort();
const refName = (group) => group.replace(/Routes$/, 'Api');
// Each group's type comes from the file that declares it, not from routes/index.ts, which imports this
// file: importing the table's index from here would close a cycle.
const srcDir = path.join(import.meta.dirname, '../src');
const outDir = path.join(srcDir, 'routes');
const declaredIn = new Map();
for (const file of readdirSync(srcDir, { recursive: true })) {
  if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
  for (const [, name] of readFileSync(path.join(srcDir, file), 'utf8').matchAll(/^export const (\w+Routes)\b/gm)) declaredIn.set(name, file);
}
const importsByFile = new Map();
for (const group of groups) {
  const file = declaredIn.get(group);
  if (!file) throw new Error(`route-refs: no file declares ${group}`);
  const spec = `./${path.relative(outDir, path.join(srcDir, file)).split(path.sep).join('/')}`.replace(/^\.\/\.\.\//, '../').replace(/\.ts$/, '.js');
  importsByFile.set(spec, [...(importsByFile.get(spec) ?? []), group]);
}
const lines = [
  '// Written by scripts/write-route-refs.mjs from the route table; the compiler checks it against the table.',
  "import type { RouteRefsOf } from '../http/route.js';",
  ...[...importsByFile].sort(([a], [b]) => a.localeCompare(b)).map(([spec, names]) => `import type { ${names.join(', ')} } from '${spec}';`),
  '',
  '/*',
  ' * The route table as the browser calls it: each endpoint\'s method and path, its schemas as types only',
  ' * (RouteRef in http/route.ts says why). Browser code calls `call(orderApi.create, …)`; the services and',
  ' * the OpenAPI document use the table itself.',
  ' */',
];
for (const group of groups) {
  lines.push('', `export const ${refName(group)}: RouteRefsOf<typeof ${group}> = {`);
  for (const [key, route] of Object.entries(routes[group])) {
    lines.push(`  ${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: { method: '${route.method}', path: '${route.path}' },`);
  }
  lines.push('};');
}
writeFileSync(path.join(outDir, 'route-refs.ts'), `${lines.join('\n')}\n`);
console.log(`route-refs: ${groups.length} groups written`);
