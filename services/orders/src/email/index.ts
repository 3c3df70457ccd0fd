/**
 * What the rest of the orders service may use of e-mail: the module, the three senders (order,
 * quote and account e-mails), the job queues the service's runner carries, the outbox's back-office
 * reads and the configuration the app and the CLI start from. Everything else in this folder is the
 * outbox's and the transports' own (eslint.config.mjs keeps other folders out of it).
 */
export { EmailModule, EMAIL_ENTITIES, EMAIL_JOB_RUNNER_MIGRATIONS, EMAIL_MIGRATIONS } from './email.module.js';
export { OrderEmails } from './order-emails.js';
export { QuoteEmails, type QuotePaymentLinkEmail } from './quote-emails.js';
export { AccountEmails } from './account-emails.js';
export { ACCOUNT_CLEANUP_QUEUE, EMAIL_QUEUE, ORDERS_JOBS_SCHEMA, PASSWORD_RESET_REQUEST_QUEUE, ordersJobsSettings, type OrdersJobs } from './email-jobs.js';
export { EmailOutbox, listDeadLetterEmails, type DeadLetterEmail } from './email-outbox.js';
export { EmailSettings } from './email-settings.js';
export { SMTP_URL_PROTOCOLS, readEmailConfig } from './email-config.js';
