import type { Compiler, WebpackPluginInstance } from 'webpack';

/** Where an app's server build goes, inside its dist folder. */
export const SERVER_OUTPUT_DIR = 'server';

const MANIFEST_FILE = 'mf-manifest.json';

interface ManifestWithSsr {
  metaData?: { ssrRemoteEntry?: { path: string; name: string; type: string } };
}

/**
 * Adds `metaData.ssrRemoteEntry` to the browser build's mf-manifest.json: the Module Federation
 * runtime, when it runs in Node, loads that entry instead of the browser one. So the server finds
 * every remote's server build through the very manifest the browser uses (one remotes.json, one
 * manifest per remote, redeployed together).
 */
export class SsrRemoteEntryPlugin implements WebpackPluginInstance {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SsrRemoteEntryPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after MF's manifest plugin (PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER) has emitted the file
        { name: 'SsrRemoteEntryPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const asset = compilation.getAsset(MANIFEST_FILE);
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString()) as ManifestWithSsr;
          manifest.metaData = {
            ...manifest.metaData,
            ssrRemoteEntry: { path: `${SERVER_OUTPUT_DIR}/`, name: 'remoteEntry.js', type: 'commonjs-module' },
          };
          compilation.updateAsset(MANIFEST_FILE, new sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}
