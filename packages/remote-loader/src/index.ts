export {
  ModuleNotFoundError,
  REMOTES_CONFIG_URL,
  adoptRemotesConfig,
  adoptVerifiedServerRemotes,
  loadRemoteComponent,
  loadRemotesConfig,
  refreshRemote,
  remoteNameOf,
} from './remote-loader.js';
export type { ManifestUrls } from './remote-loader.js';
export { RemoteManifestWatcher, SERVER_LOAD_TIMEOUT_MS, forgetServerRemote, loadOnServer } from './server-remotes.js';
export type { ManifestWatcherOptions } from './server-remotes.js';
export { RenderedRemotesContext, areasCommitted, forgetRemote, preloadRemoteComponent, useRemoteComponent } from './useRemoteComponent.js';
export type { RemoteComponentLoad, RemoteComponentState } from './useRemoteComponent.js';
export { installVerifiedServerEntries, verifiedServerEntries } from './verified-server-entries.js';
export type { VerifiedServerEntry } from './verified-server-entries.js';
