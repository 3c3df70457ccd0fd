import { type ModuleFederationRuntimePlugin, registerPlugins } from '@module-federation/enhanced/runtime';

/**
 * What the server knows of a remote's server bundle: its container, loaded from the local folder the
 * gateway verified (every file's sha384), or `undefined` while no verified bundle exists.
 */
export type VerifiedServerEntry = (remoteName: string) => unknown;

/**
 * A federation runtime plugin for the server: a remote's entry comes only from `entryOf`, never
 * from the network. A remote with no verified bundle fails to load (its areas show Retry, as for a
 * remote that is down) instead of running code nobody checked.
 */
export function verifiedServerEntries(entryOf: VerifiedServerEntry): ModuleFederationRuntimePlugin {
  return {
    name: 'storefront-verified-server-entries',
    loadEntry({ remoteInfo }) {
      const container = entryOf(remoteInfo.name);
      if (!container) throw new Error(`Remote "${remoteInfo.name}" has no verified server bundle`);
      return container as Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>;
    },
  };
}

/** Installs `verifiedServerEntries` on this process's federation instance (the server renderer's, once). */
export function installVerifiedServerEntries(entryOf: VerifiedServerEntry): void {
  registerPlugins([verifiedServerEntries(entryOf)]);
}
