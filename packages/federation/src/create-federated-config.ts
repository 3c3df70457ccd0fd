import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack, { type Configuration, type PathData, type WebpackPluginInstance } from 'webpack';
import { BundleIntegrityPlugin } from './bundle-integrity.js';
import { SERVER_OUTPUT_DIR, SsrRemoteEntryPlugin } from './ssr-remote-entry-plugin.js';
import { createSharedPolicy, hostSharedPolicy, serverSharedPolicy } from './shared-policy.js';

const require = createRequire(import.meta.url);

export interface FederatedAppOptions {
  /** Module Federation name, e.g. `mf_catalog` (also the webpack uniqueName). */
  name: string;
  /** The app folder (`import.meta.dirname` of its webpack.config.mjs). */
  appDir: string;
  devPort: number;
  /** `{ './StylePage': './src/style-page/StylePage.tsx' }`; each default-exports a React component. */
  exposes?: Record<string, string>;
  /**
   * The shell: gets index.html and a dev proxy to the gateway; remotes are registered at run time.
   * Its server build's entry is `src/server.ts` (what the gateway calls to render a page).
   */
  isHost?: boolean;
}

export interface WebpackArgv {
  mode?: 'development' | 'production' | 'none';
}

/** webpack-dev-server options; typed loosely so this package does not depend on its types. */
type DevServerOptions = Record<string, unknown>;

export type FederatedBuildConfig = Configuration & { devServer?: DevServerOptions };

export type WebpackConfigFunction = (env: Record<string, unknown> | undefined, argv: WebpackArgv | undefined) => FederatedBuildConfig;

export type WebpackMultiConfigFunction = (
  env: Record<string, unknown> | undefined,
  argv: WebpackArgv | undefined,
) => FederatedBuildConfig[];

const HASHED_FILENAME = '[name].[contenthash].js';

/** The runtime plugin that publishes the host's federation runtime core for the remotes (ES module build). */
const EXTERNAL_RUNTIME_PROVIDER = createRequire(require.resolve('@module-federation/enhanced'))
  .resolve('@module-federation/inject-external-runtime-core-plugin')
  .replace(/\.cjs$/, '.js');

/**
 * Entry chunks are named `[name].[contenthash].js`, but asked before the hash exists (MF's runtime
 * module does that while webpack hashes the chunks: module-federation/core#5077, webpack 5.111) we
 * answer without the hash instead of failing the build. MF only uses that answer for the folder depth,
 * which is the same for both names.
 */
export function hashedEntryFilename(pathData: PathData): string {
  const chunk = pathData.chunk as { contentHash?: Record<string, string | undefined> } | undefined;
  return chunk?.contentHash?.['javascript'] ? HASHED_FILENAME : '[name].js';
}

/** Where the shell's dev server forwards API and config calls: the gateway (one origin). */
const GATEWAY_DEV_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

function findEntry(appDir: string, candidates: string[]): string {
  for (const candidate of candidates) {
    if (existsSync(path.join(appDir, candidate))) return `./${candidate}`;
  }
  throw new Error(`No entry found in ${appDir}: expected ${candidates.join(' or ')}`);
}

function modeOf(argv: WebpackArgv | undefined): 'development' | 'production' | 'none' {
  return argv?.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
}

function swcRule(development: boolean) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development, refresh: false } },
          target: 'es2022',
        },
      },
    },
  };
}

const RESOLVE: Configuration['resolve'] = {
  extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
  // Allows NodeNext-style `./thing.js` imports of `./thing.ts(x)` sources.
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

/**
 * The browser build of an app: what it had before server rendering, with CSS extracted to hashed
 * files (no runtime style injection, so the CSP needs no 'unsafe-inline' and nothing shifts when
 * scripts arrive) and a manifest that also names the server build (`metaData.ssrRemoteEntry`).
 */
export function createFederatedConfig(options: FederatedAppOptions): WebpackConfigFunction {
  const { name, appDir, devPort, exposes, isHost = false } = options;

  return (_env, argv) => {
    const mode = modeOf(argv);
    const production = mode === 'production';

    const plugins: WebpackPluginInstance[] = [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: exposes ?? {},
        // The shell registers remotes at run time from /config/remotes.json; no URL is compiled in.
        remotes: {},
        shared: isHost ? hostSharedPolicy(appDir) : createSharedPolicy(appDir),
        // version-first fetches every remote at start-up, so one down remote breaks the page (STACK-NOTES).
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        experiments: {
          // The runtime drops its Node-only code paths from browser bundles.
          optimization: { target: 'web' },
          // One federation runtime per page: the shell (a pure consumer) publishes its runtime core
          // and every remote entry uses it instead of carrying a copy of its own (~20 KiB brotli
          // each). A remote therefore runs only under a shell, which is the only way it is served.
          ...(isHost ? {} : { externalRuntime: true }),
        },
        // What `experiments.provideExternalRuntime` adds, but its ES module build: the option adds the
        // CommonJS build, whose runtime core is a second copy beside the bundler runtime's (+9 KiB).
        ...(isHost ? { runtimePlugins: [EXTERNAL_RUNTIME_PROVIDER] } : {}),
      }) as unknown as WebpackPluginInstance,
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash].css' : '[name].css',
      }) as unknown as WebpackPluginInstance,
      new SsrRemoteEntryPlugin(),
    ];

    if (isHost) {
      const template = path.join(appDir, 'public/index.html');
      plugins.push(
        new HtmlWebpackPlugin({
          ...(existsSync(template) ? { template } : { title: 'Storefront' }),
          // Absolute script URLs: with publicPath 'auto' the tags would be relative and break on deep routes.
          publicPath: '/',
        }) as unknown as WebpackPluginInstance,
      );
    }

    return {
      name: 'browser',
      mode,
      context: appDir,
      entry: findEntry(appDir, ['src/index.ts', 'src/index.tsx']),
      target: 'web',
      // production: maps for the error tracker, but no sourceMappingURL in the bundles, and the gateway
      // never serves a .map (the original source is not the public's)
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        filename: hashedEntryFilename,
        chunkFilename: HASHED_FILENAME,
        publicPath: 'auto',
        uniqueName: name,
        // The server build lives in dist/server and is built alongside: keep it.
        clean: { keep: (asset: string) => asset.startsWith(`${SERVER_OUTPUT_DIR}/`) },
      },
      resolve: RESOLVE,
      module: {
        rules: [
          swcRule(!production),
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins,
      // swc's minifier, not webpack's default terser: the same output size within a percent, and the
      // production build of a remote in a fraction of terser's CPU (CI builds all six on two cores)
      optimization: {
        minimize: production,
        minimizer: [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: {} } })],
      },
      performance: { hints: false },
      devServer: {
        port: devPort,
        historyApiFallback: true,
        hot: false,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
        ...(isHost
          ? { proxy: [{ context: ['/api', '/config', '/images', '/remotes'], target: GATEWAY_DEV_URL }] }
          : {}),
      },
    };
  };
}

/**
 * The Node build of an app (dist/server): the same exposes and shared policy for `async-node`, a
 * commonjs-module container, and the @module-federation/node runtime plugin, which fetches a remote's
 * server chunks over HTTP. The shell's server build is what the gateway calls to render pages; it
 * finds the remotes' server builds through the browser manifests (`ssrRemoteEntry`), so a remote
 * redeployed alone changes the server-rendered HTML too.
 */
export function createServerConfig(options: FederatedAppOptions): WebpackConfigFunction {
  const { name, appDir, exposes, isHost = false } = options;

  return (_env, argv) => {
    const mode = modeOf(argv);
    return {
      name: 'server',
      mode,
      context: appDir,
      entry: isHost ? { server: findEntry(appDir, ['src/server.ts', 'src/server.tsx']) } : findEntry(appDir, ['src/index.ts', 'src/index.tsx']),
      target: 'async-node',
      // Stack traces from the server point at readable code; the build stays fast.
      devtool: false,
      output: {
        path: path.join(appDir, 'dist', SERVER_OUTPUT_DIR),
        filename: '[name].js',
        chunkFilename: HASHED_FILENAME,
        library: { type: 'commonjs-module' },
        // Chunks resolve against their remote entry's URL (the node runtime plugin's fallback).
        publicPath: '',
        uniqueName: name,
        clean: true,
      },
      resolve: RESOLVE,
      // jsdom (the server's DOM for sanitising HTML) stays a Node dependency, loaded at run time.
      externals: { jsdom: 'commonjs jsdom' },
      module: {
        rules: [swcRule(false), { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } }],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          remotes: {},
          library: { type: 'commonjs-module' },
          remoteType: 'script',
          runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
          // The host owns React and every other singleton on the server; a remote never brings its own.
          shared: isHost ? createSharedPolicy(appDir) : serverSharedPolicy(appDir),
          shareStrategy: 'loaded-first',
          manifest: false,
          dts: false,
          experiments: { optimization: { target: 'node' } },
        }) as unknown as WebpackPluginInstance,
        // Styles are the browser build's job (extracted files linked from the HTML); on the server an
        // import of a .css file is an empty module.
        new webpack.NormalModuleReplacementPlugin(/\.css$/, require.resolve('../empty-module.cjs')),
        // the file list the gateway checks a downloaded server bundle against
        new BundleIntegrityPlugin(),
      ],
      optimization: { minimize: false },
      performance: { hints: false },
    };
  };
}

/** Both builds of an app, for its webpack.config.mjs: `export default createFederatedBuilds({...})`. */
export function createFederatedBuilds(options: FederatedAppOptions): WebpackMultiConfigFunction {
  const browser = createFederatedConfig(options);
  const server = createServerConfig(options);
  return (env, argv) => {
    // `webpack serve` (npm run dev) serves the browser build only; the server build is for the gateway.
    if (env?.['WEBPACK_SERVE']) return [browser(env, argv)];
    return [browser(env, argv), server(env, argv)];
  };
}
