import { EnvConfigError, flag, integer, jobsSchemaOf, readEnvConfig, text, type JobsSettings } from '@storefront/service-kit';

/** The payments service's job schema (pg-boss's tables, in the payments database). */
export const PAYMENTS_JOBS_SCHEMA = jobsSchemaOf('payments');
/** One job per verified result the orders service has to hear about. */
export const PAYMENT_REPORT_QUEUE = 'payment-report';
/** The sweep that asks the gateways again about open attempts (scheduled, and run by hand in tests). */
export const RECONCILIATION_QUEUE = 'payment-reconciliation';

/** The payments service's queues and what each job carries. */
export type PaymentsJobs = {
  [PAYMENT_REPORT_QUEUE]: { attemptId: string };
  /** `quietSeconds`: only attempts unchanged this long (default: the configured quiet time) */
  [RECONCILIATION_QUEUE]: { quietSeconds?: number };
};

/** The job settings that come from the environment. */
export interface PaymentJobsConfig {
  /** run the job workers in this process (false: other replicas run them) */
  workersEnabled: boolean;
  /** how often an idle worker looks for due jobs (a commit that queued one wakes it at once) */
  pollIntervalMs: number;
  /**
   * The report job waits this long before it runs: the result is first reported inline, so the
   * shopper's next page reads the order as paid; the job delivers it only if that did not work
   * (orders down, this process gone), and does nothing when it did.
   */
  reportDelaySeconds: number;
  /** retries of a report before it is a dead letter */
  reportRetryLimit: number;
  /** the first retry of a report waits this long (to twice it); each next one doubles */
  reportRetryDelaySeconds: number;
  /** when the reconciliation sweep runs (cron, UTC) */
  reconcileCron: string;
  /** an open attempt is reconciled once it has not changed for this long */
  reconcileQuietSeconds: number;
}

/**
 * Reports retry for 1.9 to 3.8 days by default (5 s doubling, 15 times: service-kit's
 * retryWindowSeconds), so an orders outage of a day delays a paid order and loses none.
 */
export const PAYMENT_JOB_DEFAULTS: PaymentJobsConfig = {
  workersEnabled: true,
  pollIntervalMs: 1000,
  reportDelaySeconds: 10,
  reportRetryLimit: 15,
  reportRetryDelaySeconds: 5,
  reconcileCron: '* * * * *',
  reconcileQuietSeconds: 60,
};

const CRON = /^(\S+\s+){4}\S+$/;

/** Read once when the app is created; a bad value stops start-up with every problem named. */
export function readPaymentJobsConfig(env: Record<string, string | undefined> = process.env): PaymentJobsConfig {
  const d = PAYMENT_JOB_DEFAULTS;
  const config = readEnvConfig(
    {
      workersEnabled: flag('PAYMENTS_JOBS_ENABLED', d.workersEnabled),
      pollIntervalMs: integer('PAYMENTS_JOBS_POLL_INTERVAL_MS', d.pollIntervalMs, 50, 3_600_000),
      reportDelaySeconds: integer('PAYMENT_REPORT_DELAY_SECONDS', d.reportDelaySeconds, 0, 3_600),
      reportRetryLimit: integer('PAYMENT_REPORT_RETRY_LIMIT', d.reportRetryLimit, 0, 16),
      reportRetryDelaySeconds: integer('PAYMENT_REPORT_RETRY_DELAY_SECONDS', d.reportRetryDelaySeconds, 1, 3_600),
      reconcileCron: text('PAYMENTS_RECONCILE_CRON', d.reconcileCron),
      reconcileQuietSeconds: integer('PAYMENTS_RECONCILE_QUIET_SECONDS', d.reconcileQuietSeconds, 0, 86_400),
    },
    env,
  );
  if (!CRON.test(config.reconcileCron.trim())) {
    throw new EnvConfigError(`Invalid configuration: PAYMENTS_RECONCILE_CRON must be a 5-field cron expression, got "${config.reconcileCron}"`, [
      { variable: 'PAYMENTS_RECONCILE_CRON', problem: 'PAYMENTS_RECONCILE_CRON must be a 5-field cron expression' },
    ]);
  }
  return config;
}

/** The runner's queues from the config. */
export function paymentsJobsSettings(config: PaymentJobsConfig): JobsSettings<PaymentsJobs> {
  return {
    workersEnabled: config.workersEnabled,
    pollIntervalMs: config.pollIntervalMs,
    queues: {
      // one attempt: read the row, one call to orders (bounded by its client's timeout); 'short' keeps
      // one queued job per attempt (singletonKey), as every delivery sends the attempt's latest report
      [PAYMENT_REPORT_QUEUE]: {
        retryLimit: config.reportRetryLimit,
        retryDelaySeconds: config.reportRetryDelaySeconds,
        expireInSeconds: 60,
        policy: 'short',
      },
      // 'short': at most one sweep waiting, so ticks do not pile up while one runs. Not 'singleton': a
      // sweep whose process died stays active until it expires, and a singleton queue would run no
      // other sweep until then; that is the very moment reconciliation is needed (a payment cut
      // mid-charge). Two sweeps may overlap (a slow one and the next tick's): settling an attempt is
      // safe to race, as a webhook or the shopper's own return already races the sweep. A sweep stops
      // at its time (the job's signal) and leaves the rest to the next one.
      [RECONCILIATION_QUEUE]: { retryLimit: 1, retryDelaySeconds: 30, expireInSeconds: 300, policy: 'short' },
    },
  };
}
