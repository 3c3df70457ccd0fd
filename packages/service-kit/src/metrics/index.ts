export { CLIENT_CLOSED_STATUS, HTTP_DURATION_BUCKETS, HttpMetrics, UNMATCHED_ROUTE, routeLabelOf, setRouteLabel } from './http-metrics.js';
export { JOB_STATS_TIMEOUT_MS, registerJobMetrics, withinMs, type JobStatsSource } from './job-metrics.js';
export { METRICS_PATH, metricsEndpoint } from './metrics-endpoint.js';
export { METRICS_TOKEN_MESSAGE, METRICS_TOKEN_VARIABLE, MetricsTokenGuard, operatorAccess, type OperatorAccess } from './metrics-token.js';
export { processMetricsRegistry } from './process-metrics.js';
export { routeTemplateMatcher, type RouteTemplateMatcher, type RouteTemplateSource } from './route-templates.js';
export { MetricsModule, ServiceMetrics, installServiceMetrics, metricsEnabled, type InstalledMetrics } from './service-metrics.js';
