import { getInstance, loadRemote, type ModuleFederation } from '@module-federation/enhanced/runtime';
import type { BlockComponentProps } from '@storefront/contracts';
import type { ComponentType } from 'react';

export type BlockComponent = ComponentType<BlockComponentProps>;

/**
 * The federation instance that knows the remote: the shell's (it registered every remote at run time),
 * else this remote's own. Going through the host keeps one loading path for blocks of any remote.
 */
function instanceFor(remoteName: string): ModuleFederation | null {
  return (
    getInstance((instance) => instance.options.remotes.some((remote) => remote.name === remoteName)) ?? getInstance()
  );
}

/** Loads a block component by module id (`mf_content/blocks/Banner`) through the MF runtime. */
export async function loadBlockComponent(moduleId: string): Promise<BlockComponent> {
  const remoteName = moduleId.split('/')[0] ?? moduleId;
  const instance = instanceFor(remoteName);
  const loaded = instance
    ? await instance.loadRemote<{ default?: BlockComponent }>(moduleId)
    : await loadRemote<{ default?: BlockComponent }>(moduleId);
  if (!loaded || typeof loaded.default !== 'function') {
    throw new Error(`${moduleId} did not provide a default-exported block component`);
  }
  return loaded.default;
}
