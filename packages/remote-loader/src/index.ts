export {
  REMOTES_CONFIG_URL,
  loadRemoteComponent,
  loadRemotesConfig,
  refreshRemote,
  remoteNameOf,
} from './remote-loader.js';
export type { ManifestUrls } from './remote-loader.js';
