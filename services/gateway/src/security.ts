import type { HelmetOptions } from 'helmet';
import type { ServerResponse } from 'node:http';
import type { GatewayConfig } from './config.js';
import { cspNonceFor } from './pages/csp-nonce.js';
import { remoteSourcesFor } from './remotes/remote-sources.js';

/** The video cards' YouTube player (privacy-enhanced, no cookies until played) and thumbnail host. */
export const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';
export const YOUTUBE_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';
/** Google's reCAPTCHA widget: its script and challenge frame (www.google.com) and its assets (www.gstatic.com). */
export const RECAPTCHA_ORIGINS = ['https://www.google.com', 'https://www.gstatic.com'];

/** Origins of remotes served elsewhere (absolute manifest URLs): the shell must load their scripts. */
export function remoteOrigins(browserEntries: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(browserEntries)) {
    if (/^https?:\/\//.test(value)) origins.add(new URL(value).origin);
  }
  return [...origins];
}

/**
 * CSP for the shell: same-origin scripts (plus remote origins when configured) and, per response, the
 * nonce React's streaming scripts carry; styles only from files (extracted at build time, no inline
 * styles); images from us, data: URLs and YouTube's thumbnails; frames only our own (the payment
 * sandbox's card fields), YouTube's privacy-enhanced player, Google's reCAPTCHA script and frame
 * when RECAPTCHA_SITE_KEY is set, and the payment providers' origins when their keys are set. No
 * upgrade-insecure-requests: local runs use http. In production, Strict-Transport-Security
 * (GATEWAY_HSTS_MAX_AGE): the gateway is the edge every deployment has, whatever ingress or load
 * balancer is in front (or none).
 */
export function gatewayHelmetOptions(config: GatewayConfig): HelmetOptions {
  // With a registry, read per response: a release may move a remote to another origin (a CDN) without a restart.
  const sources = remoteSourcesFor(config);
  const remotes = config.remotesRegistry.file ? [() => remoteOrigins(sources.browserEntries()).join(' ')] : remoteOrigins(config.remotes);
  const crossOrigin = !config.remotesRegistry.file && remoteOrigins(config.remotes).length > 0;
  // Only with a site key configured (RECAPTCHA_SITE_KEY): otherwise no form shows the widget.
  const recaptcha = config.recaptcha ? RECAPTCHA_ORIGINS : [];
  // Stripe.js, the PayPal JS SDK, Accept.js: only for the providers switched on (none on the sandbox)
  const payments = config.paymentProviders;
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...remotes, ...recaptcha, ...payments.script, (_req, res) => `'nonce-${cspNonceFor(res as ServerResponse)}'`],
        'connect-src': ["'self'", ...remotes, ...payments.connect],
        'style-src': ["'self'", ...remotes],
        // Video cards (mf-content) and the style page's assembly videos: YouTube's thumbnail host, and
        // only its privacy-enhanced player in frames (loaded after the shopper presses play).
        'img-src': ["'self'", 'data:', YOUTUBE_THUMBNAIL_ORIGIN, ...payments.img],
        // Our own origin too: the payments sandbox's hosted card fields (a frame served under /api/payment/).
        'frame-src': ["'self'", YOUTUBE_PLAYER_ORIGIN, ...recaptcha, ...payments.frame],
        'font-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': null,
      },
    },
    // helmet's default (same-origin) severs a popup from its opener: PayPal's checkout window must report back
    crossOriginOpenerPolicy: { policy: config.paymentPopups ? 'same-origin-allow-popups' : 'same-origin' },
    // Remotes on another origin are fetched cross-origin.
    crossOriginResourcePolicy: crossOrigin ? { policy: 'cross-origin' } : { policy: 'same-origin' },
    strictTransportSecurity: config.hstsMaxAgeSeconds === undefined ? false : { maxAge: config.hstsMaxAgeSeconds, includeSubDomains: false },
  };
}
