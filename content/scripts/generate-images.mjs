// Writes every generated SVG into content/generated/images/ (served at /images/). Deterministic: the same
// content always gives byte-identical files. Usage: node scripts/generate-images.mjs [--out DIR]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planImages } from './images/plan.mjs';

const contentDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out');
const outDir = outFlag > 0 ? resolve(process.argv[outFlag + 1]) : join(contentDir, 'generated', 'images');

const started = Date.now();
const plan = planImages(contentDir);
// start clean so images of removed finishes do not linger
rmSync(outDir, { recursive: true, force: true });
let bytes = 0;
for (const [path, render] of plan) {
  const file = join(outDir, path);
  mkdirSync(dirname(file), { recursive: true });
  const svg = render();
  bytes += Buffer.byteLength(svg);
  writeFileSync(file, svg);
}
console.log(`generate-images: wrote ${plan.size} images (${Math.round(bytes / 1024)} KB) to ${outDir} in ${Date.now() - started} ms`);
