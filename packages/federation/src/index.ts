export { createFederatedConfig } from './create-federated-config.js';
export type { FederatedAppOptions, WebpackArgv, WebpackConfigFunction } from './create-federated-config.js';
export { SHARED_SINGLETONS, createSharedPolicy, findInstalledVersion, packageNameOf } from './shared-policy.js';
export type { SharedPolicy, SharedSingleton } from './shared-policy.js';
