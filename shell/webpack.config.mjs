import { createFederatedBuilds } from '@storefront/federation';
import { SHELL } from '@storefront/topology';

// The host exposes nothing: remotes are registered at run time from /config/remotes.json. Its server
// build (src/server.ts) is what the gateway calls to render every page.
export default createFederatedBuilds({ name: 'shell', appDir: import.meta.dirname, devPort: SHELL.devPort, isHost: true });
