// Bundles the sandbox hosted fields' two browser scripts (the provider script and the frame's
// script) into dist/hosted-fields/, after `tsc` has compiled src/ into dist/.
//
// Why a bundle, built this way: the frame must validate with the card rules themselves
// (@storefront/commerce-rules/card-rules) and read outcomes from the one list of test cards
// (@storefront/contracts/sandbox-pay), not from copies. Browsers cannot resolve those package imports,
// so webpack (already the front ends' bundler) follows them from tsc's output — type-checked ESM,
// so no loader is needed — and writes one self-contained file per script. Both entry modules import
// only the packages' dependency-free subpaths, so a bundle carries a few KB (no yup, no React).
import path from 'node:path';
import webpack from 'webpack';

const root = path.resolve(import.meta.dirname, '..');
const compiled = path.join(root, 'dist/gateways/sandbox/hosted-fields/browser');

const compiler = webpack({
  mode: 'production',
  target: ['web', 'es2020'],
  context: root,
  entry: {
    'sandbox-pay': path.join(compiled, 'sandbox-pay.js'),
    frame: path.join(compiled, 'frame.js'),
  },
  output: { path: path.join(root, 'dist/hosted-fields'), filename: '[name].js', iife: true, clean: true },
  devtool: false,
  performance: { hints: false },
  infrastructureLogging: { level: 'warn' },
});

compiler.run((error, stats) => {
  compiler.close(() => undefined);
  if (error || !stats || stats.hasErrors()) {
    console.error(error ?? stats?.toString({ all: false, errors: true, errorDetails: true }));
    process.exit(1);
  }
  if (stats.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true }));
  const assets = stats.toJson({ all: false, assets: true }).assets ?? [];
  console.log(`hosted fields: ${assets.map((asset) => `${asset.name} ${(asset.size / 1024).toFixed(1)} KiB`).join(', ')}`);
});
