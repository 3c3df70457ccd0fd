// jsdom: remote manifest URLs are made absolute against the page's address.
module.exports = require('../../jest.base.cjs')({ environment: 'jsdom' });
