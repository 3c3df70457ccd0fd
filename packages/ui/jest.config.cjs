module.exports = require('../../jest.base.cjs')({
  environment: 'jsdom',
  setupFilesAfterEnv: ['@testing-library/jest-dom', '<rootDir>/jest-setup.cjs'],
});
