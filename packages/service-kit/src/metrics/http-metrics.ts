import type { IncomingMessage } from 'node:http';
import { Counter, type Registry } from 'prom-client';

/** The route label of a request no route answered (a 404, a path nobody serves). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Seconds. Finer at the bottom than prom-client's default: content answers from memory in well under
 * a millisecond, an order takes tens of milliseconds, a page render hundreds.
 */
export const HTTP_DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The status counted for a request whose client left before any answer was sent (nginx's 499). */
export const CLIENT_CLOSED_STATUS = 499;

type Labelled = IncomingMessage & { route?: { path?: unknown }; metricsRoute?: string };

/**
 * Names the route a request is counted under when no express route matches it: what a front handler
 * answers (the gateway's proxy, a service's hottest read), the gateway's pages and static files. A
 * template or a fixed word, never the raw path (every distinct label value is a series kept forever).
 */
export function setRouteLabel(req: IncomingMessage, route: string): void {
  (req as Labelled).metricsRoute = route;
}

/**
 * The route a request is counted under: the path template of the express route that answered it
 * (Nest's routes are the route table's paths, e.g. `/api/order/view/:id`), else the label a handler
 * set, else `unmatched`. Read when the response is done.
 */
export function routeLabelOf(req: IncomingMessage): string {
  const route = (req as Labelled).route?.path;
  if (typeof route === 'string') return route;
  return (req as Labelled).metricsRoute ?? UNMATCHED_ROUTE;
}

/**
 * A duration histogram kept as plain numbers: an observation is a bucket search and three
 * increments. prom-client's Histogram validates and hashes the labels on every observe, even on a
 * labelled child (profiled on the gateway's cached content read: the only metrics code that showed).
 * The registry reads it through `get()` in prom-client's own shape, so the exposition is the same.
 */
class RouteDurations {
  /** counts per bucket of HTTP_DURATION_BUCKETS (not cumulative), then the count above the last bound */
  readonly buckets = new Float64Array(HTTP_DURATION_BUCKETS.length + 1);
  sum = 0;
  count = 0;

  observe(seconds: number): void {
    let bucket = 0;
    while (bucket < HTTP_DURATION_BUCKETS.length && seconds > HTTP_DURATION_BUCKETS[bucket]!) bucket += 1;
    this.buckets[bucket]! += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

const DURATION_NAME = 'storefront_http_request_duration_seconds';

/** One route's series: its duration histogram, and its count per status (plain numbers, handed to the counter on scrape). */
interface RouteSeries {
  method: string;
  route: string;
  duration: RouteDurations;
  byStatus: Map<number, { count: number }>;
}

/**
 * `storefront_http_requests_total{method,route,status}` and `storefront_http_request_duration_seconds{method,route}` (the
 * registry adds `service`). A request costs two map lookups, one number incremented and one
 * duration observed in plain numbers kept per method and route (RouteDurations): the counter's values are
 * kept here as plain numbers and handed to prom-client's Counter when it is scraped (its `collect`),
 * so its per-call label hashing is paid per series per scrape, not per request. Labels are bounded:
 * methods are the HTTP parser's, routes templates or fixed words (routeLabelOf), statuses three digits.
 */
export class HttpMetrics {
  private readonly series = new Map<string, Map<string, RouteSeries>>();

  constructor(registry: Registry) {
    const series = this.series;
    new Counter({
      name: 'storefront_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
      collect() {
        this.reset();
        for (const byRoute of series.values()) {
          for (const { method, route, byStatus } of byRoute.values()) {
            for (const [status, { count }] of byStatus) this.inc({ method, route, status: String(status) }, count);
          }
        }
      },
    });
    registry.registerMetric({
      name: DURATION_NAME,
      help: 'Time from a request arriving to its response ending, by method and route template.',
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({
        name: DURATION_NAME,
        help: 'Time from a request arriving to its response ending, by method and route template.',
        type: 'histogram',
        aggregator: 'sum',
        values: [...series.values()].flatMap((byRoute) => [...byRoute.values()].flatMap(durationValues)),
      }),
      reset: () => undefined,
    } as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** One request, once, when its response is done (request-context.ts). */
  record(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.series.get(method);
    if (!byRoute) {
      byRoute = new Map();
      this.series.set(method, byRoute);
    }
    let series = byRoute.get(route);
    if (!series) {
      series = { method, route, duration: new RouteDurations(), byStatus: new Map() };
      byRoute.set(route, series);
    }
    const counted = series.byStatus.get(status);
    if (counted) counted.count += 1;
    else series.byStatus.set(status, { count: 1 });
    series.duration.observe(seconds);
  }
}

/**
 * One series' histogram lines as prom-client's Histogram gives them: cumulative buckets, +Inf, sum,
 * count; `le` as the label and the series' own as shared labels (so they print in the same order).
 */
function durationValues({ method, route, duration }: RouteSeries) {
  const sharedLabels = { method, route };
  const bucketName = `${DURATION_NAME}_bucket`;
  let cumulative = 0;
  const values: { labels: Record<string, string | number>; sharedLabels: typeof sharedLabels; value: number; metricName: string }[] =
    HTTP_DURATION_BUCKETS.map((bound, index) => {
      cumulative += duration.buckets[index]!;
      return { labels: { le: bound }, sharedLabels, value: cumulative, metricName: bucketName };
    });
  values.push(
    { labels: { le: '+Inf' }, sharedLabels, value: duration.count, metricName: bucketName },
    { labels: {}, sharedLabels, value: duration.sum, metricName: `${DURATION_NAME}_sum` },
    { labels: {}, sharedLabels, value: duration.count, metricName: `${DURATION_NAME}_count` },
  );
  return values;
}
