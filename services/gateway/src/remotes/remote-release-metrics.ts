import { Inject, Injectable } from '@nestjs/common';
import { ServiceMetrics } from '@storefront/service-kit';
import { Counter, Gauge } from 'prom-client';
import { REMOTE_SOURCES } from '../tokens.js';
import type { RemoteSources } from './remote-sources.js';

/**
 * The remotes' releases on /metrics, read on scrape: `storefront_remote_bundle_refusals_total{remote,reason}`
 * (server bundles refused: unreachable, or failing their sha384; the previous release kept serving)
 * and `storefront_remote_release{remote,version}` (1 for the version each remote serves), so an
 * operator sees a release that never took and alerts can fire on refusals.
 */
@Injectable()
export class RemoteReleaseMetrics {
  constructor(metrics: ServiceMetrics, @Inject(REMOTE_SOURCES) sources: RemoteSources) {
    new Counter({
      name: 'storefront_remote_bundle_refusals_total',
      help: 'Remote server bundles the gateway refused (unreachable, too large, or not matching the registry\'s sha384); the previous release kept serving.',
      labelNames: ['remote', 'reason'],
      registers: [metrics.registry],
      collect() {
        this.reset();
        for (const { remote, reason, count } of sources.refusalCounts()) this.inc({ remote, reason }, count);
      },
    });
    new Gauge({
      name: 'storefront_remote_release',
      help: 'The release each remote serves (1 for its version; "none" while no server bundle is verified). Registry mode only.',
      labelNames: ['remote', 'version'],
      registers: [metrics.registry],
      collect() {
        this.reset();
        if (sources.kind !== 'registry') return;
        for (const [remote, version] of Object.entries(sources.versions())) this.set({ remote, version: version ?? 'none' }, 1);
      },
    });
  }
}
