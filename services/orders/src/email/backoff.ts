/** Longest wait between two attempts: an SMTP outage of an hour still gets a try every 10 minutes. */
export const MAX_RETRY_DELAY_MS = 10 * 60 * 1000;
