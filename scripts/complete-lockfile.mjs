#!/usr/bin/env node
// The npm registry reachable from our machines serves only the packages for this platform, so npm
// leaves the other platforms' optional binaries (@swc/core-darwin-arm64, @turbo/windows-64, ...) out
// of package-lock.json, and `npm ci` then refuses the lockfile as "Missing ... from lock file".
// This adds each missing optional dependency back as an optional entry: `npm ci` accepts the
// lockfile again, and on install skips the entries that do not fit the platform (as it would with
// a full registry). Run after changing dependencies: `npm run lockfile:complete`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

/** Where npm would look for `name` from the package at `location` (nested first, then hoisted). */
function resolvedLocation(location, name) {
  let dir = location;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolvedLocation(location, name)) continue;
    const key = `node_modules/${name}`;
    packages[key] = { version: String(spec).replace(/^[~^=]/, ''), optional: true };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} optional platform entr${added === 1 ? 'y' : 'ies'} added`);
