export { DEFAULT_HOST, bootstrapService, type BootstrapOptions } from './bootstrap.js';
export { API_HELMET_OPTIONS, configureServiceApp, type ServiceAppOptions } from './configure-app.js';
export { API_SECURITY_HEADERS, sendJson, setApiSecurityHeaders } from './json-answer.js';
export { createServiceLogger, logLevelsFromEnv } from './logger.js';
export { answerInFront, firstClaim, sendFrontFailure, sendFrontJson, type FrontHandler, type FrontMiddleware } from './front-handler.js';
export { REQUEST_ID_HEADER, requestContext, requestIdOf } from './request-context.js';
export {
  ApiExceptionFilter,
  DATABASE_BUSY_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_BUSY_RETRY_AFTER_SECONDS,
  INTERNAL_ERROR_MESSAGE,
  bodyParserErrorBody,
  databaseTimeoutCode,
  databaseUnavailable,
  sendApiError,
  toApiErrorBody,
} from './api-errors.js';
export {
  EnvConfigError,
  databaseUrl,
  flag,
  integer,
  port,
  readEnvConfig,
  redactUrl,
  text,
  url,
  type EnvProblem,
  type EnvReader,
} from './env-config.js';
export { DEFAULT_PUBLIC_SITE_URL, readPublicSiteUrl } from './public-site-url.js';
export { PAYMENTS_SANDBOX_ALLOW, PAYMENTS_SANDBOX_VARIABLE, paymentsSandboxAllowed } from './payments-sandbox.js';
export { withoutQuery } from './access-log.js';
export { CREDENTIAL_FAILURES_MESSAGE, CREDENTIAL_FAILURES_READER, CredentialFailures } from './credential-failures.js';
export {
  DEFAULT_TRUST_PROXY,
  KNOWN_DEFAULT_SECRETS,
  MAX_PRODUCTION_RATE_LIMIT_PER_MINUTE,
  MAX_PRODUCTION_SESSION_TTL_DAYS,
  MIN_SECRET_DISTINCT_CHARACTERS,
  MIN_SECRET_LENGTH,
  OUTBOUND_PROVIDER_URLS,
  boundedInProduction,
  isProduction,
  productionAtMost,
  productionDatabaseUrl,
  productionMigrationsAtStart,
  productionMigrationsDatabaseUrl,
  productionBounds,
  productionOutboundUrl,
  productionPublicSiteUrl,
  productionSafety,
  productionSecret,
  productionTrustProxy,
  requiredInProduction,
  trustProxy,
  type ProductionRules,
  type TrustProxySetting,
  type ProductionSafetyOptions,
} from './production-safety.js';
export {
  DATABASE_TIMEOUT_READERS,
  DatabaseConfigError,
  MigrationLockTimeoutError,
  MigrationsPendingError,
  createDatabaseModule,
  ensureSchema,
  pgTimeoutOptions,
  readDatabaseTimeouts,
  withMigrationLock,
  type DatabaseModuleOptions,
  type DatabaseTimeouts,
} from './database.js';
// bounded waits: the HTTP server's bounds, liveness/readiness, the graceful shutdown
export {
  HTTP_SERVER_BOUND_READERS,
  MIN_KEEP_ALIVE_TIMEOUT_MS,
  applyHttpServerBounds,
  readHttpServerBounds,
  type HttpServerBounds,
} from './http-server-bounds.js';
export {
  HttpDrain,
  SHUTDOWN_GRACE_READER,
  ServiceLifecycle,
  exitGracefullyOnSignals,
  readShutdownGraceMs,
  shutDownService,
  type ShutdownOptions,
} from './lifecycle.js';
export { PREPARED_SHAPES_MAX, preparedQuery } from './prepared-query.js';
export { DATABASE_RETRY_WINDOW_MS, retryWhileDatabaseAway } from './database-retry.js';
export { HealthModule, type HealthOptions } from './health.js';
// the modules every service's root module imports (database, jobs, housekeeping, rate limit, health, metrics)
export { createServiceModules, type ServiceModulesOptions } from './service-modules.js';
export { PRODUCTION_BASELINE_ENV, createOwnDatabase, productionProblems, createSchemaDatabase, freePort, createTestApp, schemaDataSource, type TestApp, type TestAppOptions } from './testing.js';
export { LEADS_QUIET_FORM, PRIVATE_DOWNLOAD_HEADERS, TINY_JPEG, TINY_PDF, TINY_PNG, bodyBytes, leadsClaimForm, pngOfSize } from './test-support.js';
export { LookupRateLimit, RATE_LIMIT_MESSAGE, RateLimitGuard, WriteAndLookupStorage, createRateLimitModule } from './rate-limit.js';
export { PostgresThrottlerStorage, RATE_LIMIT_HITS_DDL, type RateLimitRecord } from './rate-limit-storage.js';
export { BatchedThrottlerStorage, RATE_LIMIT_FLUSH_MS } from './rate-limit-batched.js';
// what expires (rate limit counters, idempotency records, a service's own): one scheduled job per service
export * from './housekeeping/index.js';
export { deletedRows } from './deleted-rows.js';
export { escapeHtml, standalonePage } from './escape-html.js';
export { cellText, csvField, csvLine } from './csv.js';
export {
  DEFAULT_IDEMPOTENCY_TTL_HOURS,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_RECORDS_DDL,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotentWrite,
  parseIdempotencyKey,
  pruneIdempotencyRecords,
  readIdempotencyTtlHours,
  requestFingerprint,
  type IdempotencyScope,
  type StoredAnswer,
} from './idempotency.js';
// AES-256-GCM sealing of secrets the server must read again, with keys from the environment
export {
  ENCRYPTION_KEY_BYTES,
  SealedValueError,
  SecretBox,
  developmentEncryptionKey,
  encryptionKey,
  parseEncryptionKey,
  productionEncryptionKey,
} from './sealed-secrets.js';
// endpoints served from the route table (packages/contracts/src/routes), input validated once
export * from './route-table/index.js';
// reCAPTCHA verification (RECAPTCHA_SECRET_KEY), shared by the forms service and the orders service's registration
export * from './captcha/index.js';
export { commandLineDatabaseUrl } from './command-line-database.js';
// the migrate command (`node dist/migrate.js up|status|revert-last`) and MIGRATIONS_AT_START
export * from './migrations/index.js';
// one durable job runner per service (pg-boss 10 in schema <service>_jobs), see src/jobs/
export * from './jobs/index.js';
// the request's trace (x-request-id + W3C traceparent) in logs, service-to-service calls and jobs
export {
  JOB_TRACE_KEY,
  TRACEPARENT_HEADER,
  continueTrace,
  currentTrace,
  formatTraceparent,
  newSpanId,
  newTraceId,
  parseTraceparent,
  runInTrace,
  traceHeaders,
  type TraceContext,
  type Traceparent,
} from './trace-context.js';
// Prometheus metrics: GET /metrics per service (METRICS_ENABLED), request counts and times, job queues
export * from './metrics/index.js';
// a circuit breaker on every upstream call (gateway → services, services → services, payments → providers)
export * from './upstream/index.js';
