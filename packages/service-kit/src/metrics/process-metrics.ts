import { collectDefaultMetrics, Registry } from 'prom-client';

/** Every metric the storefront exposes starts with this: one prefix tells its series from any other exporter's. */
export const METRIC_PREFIX = 'storefront_';

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, heap, event loop lag, GC, handles, open files), once
 * per process: they describe the process, and the event-loop and GC monitors they start are not
 * worth one per app (tests build many apps in one process).
 */
export function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}
