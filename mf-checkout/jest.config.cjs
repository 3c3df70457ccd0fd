// jest reads this config as CommonJS, so the shared base is required, not imported
// eslint-disable-next-line @typescript-eslint/no-require-imports
module.exports = require('../jest.base.cjs')({ environment: 'jsdom' });
