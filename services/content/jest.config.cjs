const base = require('../../jest.base.cjs')();

// @countrystatecity/countries (location lists) reads its bundled data with dynamic import() from a .cjs
// file; jest's CommonJS VM cannot run import() without --experimental-vm-modules, so swc rewrites it
// to require() here. Node runs the package as it is.
const [, swc] = Object.values(base.transform)[0];
module.exports = {
  ...base,
  transform: { ...base.transform, '@countrystatecity/.+\\.cjs$': [require.resolve('@swc/jest'), swc] },
  transformIgnorePatterns: base.transformIgnorePatterns.map((pattern) => pattern.replace('(?!(', '(?!(@countrystatecity|')),
};
