/**
 * Local stand-ins for the payment providers we cannot reach from tests (no internet): each is a
 * small HTTP server that the provider's real SDK (pointed at it through its host or base-URL
 * option) and the browser (its hosted-fields script) talk to. Each checks what the provider checks
 * (method, path, authentication, idempotency, amounts in the provider's unit) and answers with the
 * provider's documented shapes. One folder per provider. Test-only: nothing in production imports it.
 */
export * from './http.js';
export * from './stripe/index.js';
