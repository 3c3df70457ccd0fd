import { createFederatedConfig } from '@storefront/federation';

// The host exposes nothing: remotes are registered at run time from /config/remotes.json.
export default createFederatedConfig({ name: 'shell', appDir: import.meta.dirname, devPort: 3000, isHost: true });
