/**
 * Customer accounts as the rest of the orders service sees them: the module, who is signed in,
 * the claim of a guest's orders and quotes by a verified account, and the production check on the
 * session cookie. Everything else under accounts/ is its own (a lint zone keeps it so).
 */
export { AccountsModule } from './accounts.module.js';
export { claimOrder, claimQuote } from './my-orders/account-records.js';
export { CustomerSessions } from './sessions/customer-sessions.service.js';
export { productionSessionCookieSecure, sessionCookieSecureSetting } from './sessions/session-config.js';
// what the staff's sign-in (staff/) shares with the customers': password hashing and the sign-in
// limits, the forgery checks and the cookie writer
export { Passwords } from './passwords/passwords.js';
export { PasswordCheck, withRetryAfter } from './sign-in/password-check.js';
export { crossSiteReason, csrfTokenMatches, isSafeMethod } from './sessions/forgery.js';
export { describeClient } from './sessions/client-description.js';
export { setCookieValue } from './sessions/session-cookies.js';
export { PublicAccountWrite } from './sessions/public-account-write.js';
