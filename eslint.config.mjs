import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** The remotes (packages/topology's REMOTES; scripts/lib/import-zones.test.mjs holds this list to it). */
const REMOTES = ['mf-content', 'mf-catalog', 'mf-forms', 'mf-estimator', 'mf-checkout', 'mf-backoffice'];
const SERVICES = ['gateway', 'content', 'forms', 'orders', 'payments'];
/** Packages that run only on a server: a browser bundle must never pull them in. */
const SERVER_ONLY_PACKAGES = [
  '@storefront/service-kit',
  '@storefront/site-config',
  // the content files' schemas and the OpenAPI builder: the browser needs only their types
  '@storefront/contracts/content-files',
  '@storefront/contracts/openapi',
  '@nestjs/*',
  'typeorm',
  'pg',
  'pg-boss',
  'nodemailer',
  'express',
  'multer',
  'jsdom',
];
/** Browser packages of packages/: shared by the shell and the remotes. */
const BROWSER_PACKAGES = ['ui', 'sample-cart', 'remote-loader', 'money', 'contracts', 'form-schema', 'estimator-pricing', 'commerce-rules', 'html-sanitizer', 'topology', 'pdf-document'];

/** mf-checkout's pages that take payments or share its forms (each imports payment/ through its index). */
const CHECKOUT_PAGES = ['checkout', 'quote-payment', 'split-payment', 'payment-form', 'order-result', 'account'];

/**
 * The import zones (docs/architecture.md, Conventions): who may import whom. `target` is the
 * importing code, `from` what it must not import. Paths are resolved (relative paths and workspace
 * packages alike), so a zone cannot be dodged by spelling an import differently.
 */
const ZONES = [
  // A remote deploys alone: it never imports another remote or the shell.
  ...REMOTES.map((remote) => ({
    target: `./${remote}/src`,
    from: ['./shell/src', ...REMOTES.filter((other) => other !== remote).map((other) => `./${other}/src`)],
    message: 'A remote never imports another remote or the shell: load it by module id through @storefront/remote-loader, or move shared code to packages/.',
  })),
  // The shell loads remotes at run time, by module id.
  {
    target: './shell/src',
    from: REMOTES.map((remote) => `./${remote}/src`),
    message: "The shell never imports a remote's source: load it by module id through @storefront/remote-loader.",
  },
  // mf-checkout: taking a payment is one feature (payment/), used through its index by every page
  // that takes one; the checkout page is no one's library, and the payment feature knows no page.
  ...CHECKOUT_PAGES.map((page) => ({
    target: `./mf-checkout/src/${page}`,
    from: './mf-checkout/src/payment',
    except: ['./index.ts'],
    message: "A page imports the payment feature through its index (payment/index.ts), not its insides.",
  })),
  {
    target: CHECKOUT_PAGES.filter((page) => page !== 'checkout').map((page) => `./mf-checkout/src/${page}`),
    from: './mf-checkout/src/checkout',
    message: "Only the checkout page imports checkout/: shared payment code lives in payment/, shared form code in shared/.",
  },
  {
    target: './mf-checkout/src/payment',
    from: CHECKOUT_PAGES.map((page) => `./mf-checkout/src/${page}`),
    message: 'The payment feature never imports a page: a page hands it what it needs.',
  },
  // Shared code depends on nothing above it.
  {
    target: './packages',
    from: ['./shell', ...REMOTES.map((remote) => `./${remote}`), './services', './e2e', './content/scripts'],
    message: 'packages/ never imports an app, a service or the tests: shared code depends only on other packages.',
  },
  // A service owns its data and API: another service is reached over HTTP (its route-table entries).
  ...SERVICES.map((service) => ({
    target: `./services/${service}/src`,
    from: SERVICES.filter((other) => other !== service).map((other) => `./services/${other}/src`),
    message: "A service never imports another service: call its API (the route table's entry), or move shared code to packages/.",
  })),
  // The orders service's e-mail (outbox, delivery, transports, local mailbox) is used through its index only.
  {
    target: ['./services/orders/src/*.ts', './services/orders/src/!(email)/**'],
    from: './services/orders/src/email',
    except: ['./index.ts'],
    message: "Outside services/orders/src/email/, import e-mail from its index (email/index.js); what it does not export is the outbox's own.",
  },
  // The orders service's customer accounts are reached through their public face, so they can become a service of their own.
  {
    target: ['./services/orders/src/*.ts', './services/orders/src/!(accounts)/**'],
    from: './services/orders/src/accounts',
    except: ['./index.ts'],
    message: "Outside accounts/, import the orders service's accounts only through accounts/index.ts (add the export there).",
  },
];

const API_URL_MESSAGE = 'Build API URLs from the route table (apiUrl/call and the page-data URLs of @storefront/contracts), not by hand.';
const API_URL_BY_HAND = [
  { selector: 'Literal[value=/^\\/api\\//]', message: API_URL_MESSAGE },
  { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: API_URL_MESSAGE },
];

/** What of a browser workspace never ships to a browser: tests, test helpers, the app's server render. */
const NOT_SHIPPED_TO_BROWSERS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/test-support/**', '*/src/server.ts', '*/src/server.tsx', '*/src/server/**'];
/**
 * Browser code calls the API through the route refs (`orderApi.create`), never the table's entries
 * (`orderRoutes.create`): an entry brings its yup schemas, yup and every schema module into the bundle.
 */
const ROUTE_TABLE_IN_BROWSER = {
  name: '@storefront/contracts',
  importNames: ['adminRoutes', 'catalogRoutes', 'contentRoutes', 'formRoutes', 'gatewayRoutes', 'orderRoutes', 'paymentRoutes', 'quoteRoutes', 'API_ROUTES', 'routesOf'],
  message: 'Browser code calls the API through the route refs (orderApi.create, not orderRoutes.create): a table entry brings its schemas and yup into the bundle.',
  allowTypeImports: true,
};
const ROUTER_MESSAGE = 'A remote imports Link and the router hooks from @storefront/ui, which hands it the shell\'s router (its own copy of react-router would see no router).';
const SERVER_ONLY_MESSAGE = 'Browser code never imports server-only packages (service-kit, site-config, the content-file schemas, the OpenAPI builder, Nest, TypeORM, pg, mail, express): move the shared part to a browser package of packages/, or import only its types.';
const SERVER_ONLY_IN_BROWSER = { group: SERVER_ONLY_PACKAGES, message: SERVER_ONLY_MESSAGE, allowTypeImports: true };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/generated/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // NestJS constructor injection needs the runtime import of injected classes.
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // jest and tool configs are CommonJS: require() is their import
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // --- import zones ---
  {
    name: 'import-zones',
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the imported files too: it must know they are TypeScript
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.base.json', '*/tsconfig.json', 'packages/*/tsconfig.json', 'services/*/tsconfig.json'], alwaysTryTypes: true, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: ZONES }],
      // Relative imports stay inside their workspace; another workspace is imported by its package name.
      'import-x/no-relative-packages': 'error',
      // A cycle makes load order decide what a module sees (undefined at import time); type-only
      // imports are erased and do not count. node_modules are not walked (a quarter of lint's time):
      // a cycle through them is not ours, and one between workspaces is refused by npm and turbo.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The e2e suite and the bench share the Chromium flags of the root's own scripts/lib (tooling, no package).
    name: 'e2e-tooling',
    files: ['e2e/**'],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
  {
    name: 'browser-code',
    files: ['shell/src/**', ...REMOTES.map((remote) => `${remote}/src/**`), ...BROWSER_PACKAGES.map((name) => `packages/${name}/src/**`)],
    // Tests run in Node (jsdom, supertest), and each app's server render (src/server.ts, src/server/)
    // runs in Node too and may use jsdom for DOMPurify; what ships to the browser is the rest.
    ignores: NOT_SHIPPED_TO_BROWSERS,
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [ROUTE_TABLE_IN_BROWSER], patterns: [SERVER_ONLY_IN_BROWSER] }],
    },
  },
  {
    // A remote takes the router's links and hooks from @storefront/ui: its own copy of react-router
    // would have its own context object and see no router (packages/ui/src/navigation.ts says why).
    // The same restrictions as browser-code plus the router, since a later block replaces the rule's options.
    name: 'remotes-use-the-shells-router',
    files: REMOTES.map((remote) => `${remote}/src/**`),
    ignores: NOT_SHIPPED_TO_BROWSERS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [ROUTE_TABLE_IN_BROWSER],
          patterns: [
            SERVER_ONLY_IN_BROWSER,
            { group: ['react-router', 'react-router-dom', 'react-router/*'], message: ROUTER_MESSAGE, allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // The payment providers' stand-ins are for tests: a service that imported one could take
    // "payments" from a fake provider in production.
    name: 'stand-ins-in-tests-only',
    files: ['services/*/src/**'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@storefront/provider-stand-ins', '@storefront/provider-stand-ins/*'], message: 'The provider stand-ins are test-only: import them from *.test.ts or src/testing/ only.' }] },
      ],
    },
  },
  {
    // Inside contracts, the browser side (everything but the content-file schemas and the OpenAPI
    // builder) reads the content-file schemas' types only, so browser bundles never carry them.
    name: 'contracts-browser-side',
    files: ['packages/contracts/src/**'],
    ignores: ['packages/contracts/src/content-files/**', 'packages/contracts/src/http/openapi.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/content-files/*', '**/content-files'], message: SERVER_ONLY_MESSAGE, allowTypeImports: true }] },
      ],
    },
  },
  // --- contract rules: URLs come from the route table, input is validated once against it ---
  {
    name: 'contract-urls',
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['packages/contracts/src/http/**', 'packages/contracts/src/routes/**', 'packages/contracts/src/*/routes.ts', '**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'scripts/**', '**/testing/**', '**/test-support/**'],
    rules: { 'no-restricted-syntax': ['error', ...API_URL_BY_HAND] },
  },
  {
    name: 'contract-controllers',
    files: ['services/*/src/**/*.controller.ts'],
    rules: {
      // repeats the URL selectors: a later block's no-restricted-syntax replaces an earlier one's
      'no-restricted-syntax': [
        'error',
        ...API_URL_BY_HAND,
        {
          selector: 'Decorator[expression.callee.name=/^(Body|Query|Param)$/]',
          message: "Controllers take validated input: use @RouteBody()/@RouteQuery()/@RouteParams() with the endpoint's entry in the route table (packages/contracts/src/routes).",
        },
      ],
    },
  },
);
