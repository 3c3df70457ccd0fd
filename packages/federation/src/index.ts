export { createFederatedBuilds, createFederatedConfig, createServerConfig } from './create-federated-config.js';
export type { FederatedAppOptions, FederatedBuildConfig, WebpackArgv, WebpackConfigFunction, WebpackMultiConfigFunction } from './create-federated-config.js';
export { SERVER_OUTPUT_DIR, SsrRemoteEntryPlugin } from './ssr-remote-entry-plugin.js';
export { SHARED_SINGLETONS, UI_KIT_ENTRY_POINTS, createSharedPolicy, findInstalledVersion, packageNameOf, serverSharedPolicy } from './shared-policy.js';
export type { ServerSharedSingleton, SharedPolicy, SharedSingleton } from './shared-policy.js';
export { BUNDLE_INTEGRITY_FILE, BundleIntegrityPlugin, sha384Of, writeBundleIntegrity } from './bundle-integrity.js';
export type { BundleFile, BundleIntegrity } from './bundle-integrity.js';
