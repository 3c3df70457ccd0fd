import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { QueueFormEmailsRequest, QueueFormEmailsResponse } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { EmailOutbox } from './email-outbox.js';

/**
 * The forms service's e-mails into the outbox (a row and its job each), delivered like order
 * e-mails. The dedupe key (`form:{submissionId}:confirmation|staff`) makes a retried forms job queue
 * nothing new.
 */
@Injectable()
export class FormEmailsService {
  private readonly logger = new Logger('FormEmails');

  constructor(
    private readonly outbox: EmailOutbox,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async queue({ emails }: QueueFormEmailsRequest): Promise<QueueFormEmailsResponse> {
    const queued = await this.dataSource.transaction((manager) =>
      this.outbox.enqueue(
        manager,
        emails.map((email) => ({ orderId: null, ...email })),
      ),
    );
    const fresh = new Set(queued);
    const alreadyQueued = emails.map((email) => email.dedupeKey).filter((key) => !fresh.has(key));
    this.logger.log(queued.length > 0 ? 'Form e-mails queued' : 'Form e-mails were already queued', {
      event: queued.length > 0 ? 'email.queued' : 'email.already-queued',
      kinds: emails.map((email) => email.kind),
      queued,
      alreadyQueued,
    });
    return { queued, alreadyQueued };
  }
}
