module.exports = require('../jest.base.cjs')({
  environment: 'jsdom',
  setupFilesAfterEnv: ['@testing-library/jest-dom', '@storefront/ui/jest-setup'],
});
