// jsdom (jest 30) has no TextEncoder/TextDecoder, but react-router 7 needs them at import time.
// Front-end test setups list this after '@testing-library/jest-dom'.
const { TextEncoder, TextDecoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
