// Made-up shopper addresses for the harness's requests (X-Forwarded-For).
const byte = (size) => Math.floor(Math.random() * size);

/**
 * An address in 198.18.0.0/15 (set aside for benchmarks: never loopback, private or a real client),
 * one of 130,000, so the per-address limits of one made-up shopper never meet another's.
 */
export const shopperAddress = () => `198.${18 + byte(2)}.${byte(256)}.${1 + byte(254)}`;
