import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobRunner } from '@storefront/service-kit';
import { PaymentFlow } from '../payments/payment-flow.service.js';
import { RECONCILIATION_QUEUE, type PaymentJobsConfig, type PaymentsJobs } from './payment-jobs.js';
import { PAYMENT_JOBS_CONFIG } from './payment-reports.js';

/**
 * The reconciliation sweep as a scheduled job: every tick (PAYMENTS_RECONCILE_CRON, each minute by
 * default) the open attempts that have been quiet for
 * PAYMENTS_RECONCILE_QUIET_SECONDS are asked about again (Settlement.reconcileDue): a gateway
 * timeout, a process that died after the gateway call, a payment still pending at the provider.
 */
@Injectable()
export class ReconciliationJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('payments-reconciliation');

  constructor(
    private readonly jobs: JobRunner<PaymentsJobs>,
    private readonly flow: PaymentFlow,
    @Inject(PAYMENT_JOBS_CONFIG) private readonly config: PaymentJobsConfig,
  ) {
    jobs.handle(RECONCILIATION_QUEUE, async ({ quietSeconds }, { signal }) => {
      await this.flow.reconcileDue({ quietMs: (quietSeconds ?? this.config.reconcileQuietSeconds) * 1000, signal });
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // the schedule lives in the database (pg-boss keeps one per queue); a replica without workers leaves it alone
    if (!this.jobs.workersEnabled) return;
    await this.jobs.schedule(RECONCILIATION_QUEUE, this.config.reconcileCron, {});
    this.logger.log(`Reconciliation runs on "${this.config.reconcileCron}" (UTC) for attempts quiet ${this.config.reconcileQuietSeconds} s`, {
      event: 'payments.reconcile-scheduled',
    });
  }
}
