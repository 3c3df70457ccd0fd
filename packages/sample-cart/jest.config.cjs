// jsdom: the store is exercised against a real localStorage, window events and StorageEvent.
module.exports = require('../../jest.base.cjs')({ environment: 'jsdom' });
