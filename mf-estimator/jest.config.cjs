// The UI kit's setup gives jsdom the TextEncoder react-router needs at import time.
module.exports = require('../jest.base.cjs')({
  environment: 'jsdom',
  setupFilesAfterEnv: ['@testing-library/jest-dom', '<rootDir>/../packages/ui/jest-setup.cjs'],
});
