import type { HelmetOptions } from 'helmet';
import type { ServerResponse } from 'node:http';
import type { GatewayConfig } from './config.js';
import { cspNonceFor } from './pages/csp-nonce.js';

/** Origins of remotes served elsewhere (absolute manifest URLs): the shell must load their scripts. */
function remoteOrigins(config: GatewayConfig): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(config.remotes)) {
    if (/^https?:\/\//.test(value)) origins.add(new URL(value).origin);
  }
  return [...origins];
}

/**
 * CSP for the shell: same-origin scripts (plus remote origins when configured) and, per response, the
 * nonce React's streaming scripts carry; styles only from files (extracted at build time, no inline
 * styles); images from us or data: URLs; frames from us or YouTube's no-cookie player. No upgrade-insecure-requests: local runs use http.
 */
export function gatewayHelmetOptions(config: GatewayConfig): HelmetOptions {
  const remotes = remoteOrigins(config);
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...remotes, (_req, res) => `'nonce-${cspNonceFor(res as ServerResponse)}'`],
        'connect-src': ["'self'", ...remotes],
        'style-src': ["'self'", ...remotes],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        // the style page's assembly videos play in YouTube's no-cookie player, only after the shopper presses play
        'frame-src': ["'self'", 'https://www.youtube-nocookie.com'],
        'upgrade-insecure-requests': null,
      },
    },
    // Remotes on another origin are fetched cross-origin.
    crossOriginResourcePolicy: remotes.length > 0 ? { policy: 'cross-origin' } : { policy: 'same-origin' },
    strictTransportSecurity: false,
  };
}
