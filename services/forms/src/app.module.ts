import { type FactoryProvider, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CaptchaModule, Housekeeping, createServiceModules, type HousekeepingTask } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { BackOfficeController } from './back-office/back-office.controller.js';
import { SubmissionsBackOffice } from './back-office/back-office.service.js';
import { BookedSlotEntity } from './bookings/booked-slot.entity.js';
import { BookingsController } from './bookings/bookings.controller.js';
import { Bookings } from './bookings/bookings.service.js';
import { EstimatesService } from './estimates/estimates.service.js';
import { FORMS_MIGRATIONS } from './migrations/index.js';
import { FORMS_JOBS_SCHEMA, formsJobsSettings, type FormsJobs } from './notifications/form-jobs.js';
import { readNotificationsConfig } from './notifications/notifications-config.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { FormSubmissionEntity } from './submissions/form-submission.entity.js';
import { SubmissionTargets } from './submissions/submission-target.js';
import { SubmissionWriter } from './submissions/submission-writer.js';
import { SubmissionsController } from './submissions/submissions.controller.js';
import { SubmissionsService } from './submissions/submissions.service.js';
import { AbandonedUploads, readAbandonedUploadMinutes } from './uploads/abandoned-uploads.js';
import { FormSubmissionFileEntity } from './uploads/form-submission-file.entity.js';
import { SubmissionBodyInterceptor } from './uploads/submission-body.interceptor.js';
import { UploadRetention, readUploadRetentionDays } from './uploads/upload-retention.js';
import { UploadStore } from './uploads/upload-store.js';

export const SERVICE_NAME = 'forms';

/** An upload clean-up (over the upload folder and the database, within a bound read at start) added to the housekeeping job. */
function uploadHousekeeping<T extends { task(): HousekeepingTask }>(
  cleanUp: new (store: UploadStore, dataSource: DataSource, bound: number) => T,
  readBound: () => number,
): FactoryProvider<T> {
  return {
    provide: cleanUp,
    inject: [UploadStore, DataSource, Housekeeping],
    useFactory: (store: UploadStore, dataSource: DataSource, housekeeping: Housekeeping) => {
      const task = new cleanUp(store, dataSource, readBound());
      housekeeping.add(task.task());
      return task;
    },
  };
}
/** Form answers are text; 256 KB is far above any real one and keeps floods out. Larger -> 413. */
export const FORMS_BODY_LIMIT = '256kb';

@Module({
  imports: [
    ...createServiceModules<FormsJobs>({
      database: {
        schema: 'forms',
        entities: [FormSubmissionEntity, FormSubmissionFileEntity, BookedSlotEntity],
        migrations: FORMS_MIGRATIONS,
        service: SERVICE_NAME,
      },
      // the job runner (pg-boss in schema forms_jobs): form e-mail jobs, queued with their submission, and housekeeping
      jobs: { schema: FORMS_JOBS_SCHEMA, settings: () => formsJobsSettings(readNotificationsConfig()) },
      // deletes what expires: rate limit counters, idempotency records (IDEMPOTENCY_TTL_HOURS), abandoned uploads, uploads past UPLOAD_RETENTION_DAYS
      housekeeping: { idempotencyRecords: true },
    }),
    TypeOrmModule.forFeature([FormSubmissionEntity]),
    CaptchaModule,
    NotificationsModule,
  ],
  controllers: [SubmissionsController, BookingsController, BackOfficeController],
  providers: [
    SubmissionsService,
    // the back office's reads (internal, for orders' staff): submissions, their files, the CSV
    SubmissionsBackOffice,
    Bookings,
    EstimatesService,
    SubmissionTargets,
    SubmissionWriter,
    SubmissionBodyInterceptor,
    // Definitions are read from content/ (CONTENT_DIR) once per file.
    { provide: ContentStore, useFactory: () => new ContentStore() },
    // FORMS_UPLOAD_DIR (default <repo>/.data/uploads), created at start so a bad path fails the start.
    {
      provide: UploadStore,
      useFactory: async () => {
        const store = new UploadStore();
        await store.init();
        return store;
      },
    },
    // uploads no submission names, older than FORMS_UPLOAD_ABANDONED_MINUTES, deleted by the housekeeping job
    uploadHousekeeping(AbandonedUploads, readAbandonedUploadMinutes),
    // stored uploads older than UPLOAD_RETENTION_DAYS (default 180), deleted by the housekeeping job; the submission keeps a note
    uploadHousekeeping(UploadRetention, readUploadRetentionDays),
  ],
})
export class AppModule {}
