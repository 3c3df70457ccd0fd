/**
 * Customer accounts as the rest of the orders service sees them: the module, who is signed in,
 * the claim of a guest's orders and quotes by a verified account, and the production check on the
 * session cookie. Everything else under accounts/ is its own (a lint zone keeps it so).
 */
export { AccountsModule } from './accounts.module.js';
export { claimOrder, claimQuote } from './my-orders/account-records.js';
export { CustomerSessions } from './sessions/customer-sessions.service.js';
export { productionSessionCookieSecure } from './sessions/session-config.js';
