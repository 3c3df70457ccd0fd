// jsdom (jest 30) has no TextEncoder/TextDecoder, but react-router 7 needs them at import time.
// jest.base.cjs runs this for every jsdom suite, after '@testing-library/jest-dom'.
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;

// The machines running the suite are shared and often busy: give findBy/waitFor more than the 1 s
// default before calling a slow-but-correct screen a failure (still under jest's 5 s test timeout).
require('@testing-library/react').configure({ asyncUtilTimeout: 4000 });
