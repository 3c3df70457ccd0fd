const base = require('../jest.base.cjs')({ environment: 'jsdom' });

module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // jsdom resolves jspdf to its ES module build, which jest cannot load; the UMD build is the same library.
    '^jspdf$': require.resolve('jspdf/dist/jspdf.umd.min.js'),
  },
};
