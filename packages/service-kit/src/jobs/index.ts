export { createJobsModule, JobsModule, type JobsModuleOptions } from './jobs.module.js';
export { JobRunner, JobTimeoutError, UnretryableJobError, type EnqueueOptions, type JobContext, type JobHandler, type QueueStats, type RunSummary, type ScheduleOptions } from './job-runner.js';
export { isJobId, listDeadLetters, retryDeadLetters, type DeadLetter, type RedrivenJob } from './dead-letters.js';
export { deadLetterSummary, errorSummary, jobDataSummary } from './dead-letter-summary.js';
export { DeadLettersModule, deadLettersController } from './dead-letters.controller.js';
export {
  DEFAULT_RETENTION_DAYS,
  deadLetterQueueOf,
  failureMessage,
  handlerTimeoutMs,
  jobsSchemaOf,
  retryWindowSeconds,
  settingsProblems,
  type JobPayloads,
  type JobsSettings,
  type QueuePolicy,
  type QueueSettings,
} from './queue-settings.js';
export { NoTransactionError, transactionExecutor } from './transaction-executor.js';
