import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthModule, createDatabaseModule, createRateLimitModule } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { CaptchaModule } from './captcha/captcha.module.js';
import { CreateFormSubmission1764000000000 } from './migrations/1764000000000-create-form-submission.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { FormSubmissionEntity } from './submissions/form-submission.entity.js';
import { SubmissionsController } from './submissions/submissions.controller.js';
import { SubmissionsService } from './submissions/submissions.service.js';

export const SERVICE_NAME = 'forms';
/** Form answers are text; 256 KB is far above any real one and keeps floods out. Larger -> 413. */
export const FORMS_BODY_LIMIT = '256kb';

@Module({
  imports: [
    createDatabaseModule({
      schema: 'forms',
      entities: [FormSubmissionEntity],
      migrations: [CreateFormSubmission1764000000000],
    }),
    TypeOrmModule.forFeature([FormSubmissionEntity]),
    HealthModule.register({ service: SERVICE_NAME }),
    createRateLimitModule(),
    CaptchaModule,
    NotificationsModule,
  ],
  controllers: [SubmissionsController],
  providers: [
    SubmissionsService,
    // Definitions are read from content/ (CONTENT_DIR) on each request; the store re-reads changed files.
    { provide: ContentStore, useFactory: () => new ContentStore() },
  ],
})
export class AppModule {}
