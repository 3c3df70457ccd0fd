import { existsSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Configuration, PathData, WebpackPluginInstance } from 'webpack';
import { createSharedPolicy } from './shared-policy.js';

export interface FederatedAppOptions {
  /** Module Federation name, e.g. `mf_catalog` (also the webpack uniqueName). */
  name: string;
  /** The app folder (`import.meta.dirname` of its webpack.config.mjs). */
  appDir: string;
  devPort: number;
  /** `{ './StylePage': './src/style-page/StylePage.tsx' }`; each default-exports a React component. */
  exposes?: Record<string, string>;
  /** The shell: gets index.html and a dev proxy to the gateway; remotes are registered at run time. */
  isHost?: boolean;
}

export interface WebpackArgv {
  mode?: 'development' | 'production' | 'none';
}

/** webpack-dev-server options; typed loosely so this package does not depend on its types. */
type DevServerOptions = Record<string, unknown>;

export type WebpackConfigFunction = (
  env: Record<string, unknown> | undefined,
  argv: WebpackArgv | undefined,
) => Configuration & { devServer?: DevServerOptions };

const HASHED_FILENAME = '[name].[contenthash].js';

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

function findEntry(appDir: string): string {
  for (const candidate of ['src/index.ts', 'src/index.tsx']) {
    if (existsSync(path.join(appDir, candidate))) return `./${candidate}`;
  }
  throw new Error(`No entry found in ${appDir}: expected src/index.ts or src/index.tsx`);
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

/**
 * One webpack + Module Federation setup for the shell and every remote, so they cannot drift apart on
 * the things that must match: the shared singletons, the share strategy and the output naming.
 */
export function createFederatedConfig(options: FederatedAppOptions): WebpackConfigFunction {
  const { name, appDir, devPort, exposes, isHost = false } = options;

  return (_env, argv) => {
    const mode = argv?.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
    const production = mode === 'production';

    const plugins: WebpackPluginInstance[] = [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: exposes ?? {},
        // The shell registers remotes at run time from /config/remotes.json; no URL is compiled in.
        remotes: {},
        shared: createSharedPolicy(appDir),
        // version-first fetches every remote at start-up, so one down remote breaks the page (STACK-NOTES).
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }) as unknown as WebpackPluginInstance,
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
      mode,
      context: appDir,
      entry: findEntry(appDir),
      target: 'web',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        filename: hashedEntryFilename,
        chunkFilename: HASHED_FILENAME,
        publicPath: 'auto',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Allows NodeNext-style `./thing.js` imports of `./thing.ts(x)` sources.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          swcRule(!production),
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins,
      optimization: { minimize: production },
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
