import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesConfig } from '@storefront/contracts';

/** How long the shared 404 may take before the page shows its own message instead. */
export const SHARED_NOT_FOUND_TIMEOUT_MS = 4000;

let pending: Promise<ComponentType> | null = null;

async function load(): Promise<ComponentType> {
  // This remote's federation instance knows no other remotes (the shell registers them on its own
  // instance), so register mf_content here from the same config the shell reads.
  const response = await fetch('/config/remotes.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`remotes config answered ${response.status}`);
  const config = (await response.json()) as RemotesConfig;
  const entry = config.remotes?.mf_content;
  if (!entry) throw new Error('mf_content is not configured');
  registerRemotes([{ name: 'mf_content', entry }]);
  const exposed = await loadRemote<{ default?: ComponentType }>('mf_content/NotFoundPage');
  if (!exposed?.default) throw new Error('mf_content/NotFoundPage has no default export');
  return exposed.default;
}

/**
 * The site's one 404 page (mf_content/NotFoundPage), so an unknown style looks like any unknown
 * page. Rejects when the remote cannot be reached in time; the caller then shows its own message.
 */
export function loadSharedNotFoundPage(timeoutMs = SHARED_NOT_FOUND_TIMEOUT_MS): Promise<ComponentType> {
  pending ??= load().catch((error: unknown) => {
    pending = null; // a later 404 may try again (the remote may be back)
    throw error;
  });
  return Promise.race([
    pending,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('shared not-found page timed out')), timeoutMs)),
  ]);
}
