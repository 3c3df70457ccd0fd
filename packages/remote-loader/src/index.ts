export {
  REMOTES_CONFIG_URL,
  loadRemoteComponent,
  loadRemotesConfig,
  refreshRemote,
  remoteNameOf,
} from './remote-loader.js';
export type { ManifestUrls } from './remote-loader.js';
export { forgetRemote, useRemoteComponent } from './useRemoteComponent.js';
export type { RemoteComponentLoad, RemoteComponentState } from './useRemoteComponent.js';
