// One jest setup for every workspace: TypeScript/TSX through swc (decorators and their metadata on,
// for NestJS), emitting CommonJS. NestJS 12 and a few of its dependencies ship ESM only, so they are
// transformed too (STACK-NOTES: jest cannot load them on Node 20 otherwise).
const path = require('node:path');

const esmOnly = ['@nestjs', 'file-type', 'strtok3', 'token-types', '@tokenizer', '@borewit', 'uint8array-extras', 'load-esm'];

// Every jsdom suite gets the DOM matchers and the UI kit's setup (TextEncoder for react-router, more
// patient testing-library waits), so no workspace has to remember how to point at them.
const jsdomSetup = [require.resolve('@testing-library/jest-dom'), path.join(__dirname, 'packages/ui/jest-setup.cjs')];

/** @param {{ environment?: 'node' | 'jsdom', setupFilesAfterEnv?: string[], testMatch?: string[] }} options */
module.exports = function jestConfig(options = {}) {
  return {
    testEnvironment: options.environment === 'jsdom' ? 'jsdom' : 'node',
    testMatch: options.testMatch ?? ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true, decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
    moduleNameMapper: {
      // Sources use NodeNext-style `.js` suffixes on relative imports.
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '\\.css$': path.join(__dirname, 'jest.css-stub.cjs'),
    },
    setupFilesAfterEnv: [...(options.environment === 'jsdom' ? jsdomSetup : []), ...(options.setupFilesAfterEnv ?? [])],
    // CI runs every workspace's suites side by side on two cores: a user-event test that takes 1 s
    // alone has been measured at over 5 s (jest's default) there. A real hang still fails.
    testTimeout: 20_000,
  };
};
