import { ALL_TAB, activeTab, searchForPage, searchForTab, tabLayoutOf } from './category-tabs.js';

const slugs = ['shaker', 'slab', 'craftsman'];

describe('activeTab', () => {
  it('takes the address, then the default, then the first category', () => {
    expect(activeTab('slab', slugs, { defaultCategory: 'craftsman' })).toBe('slab');
    expect(activeTab('beadboard', slugs, { defaultCategory: 'craftsman' })).toBe('craftsman');
    expect(activeTab(null, slugs, { defaultCategory: 'beadboard' })).toBe('shaker');
    expect(activeTab(null, [], {})).toBeUndefined();
  });

  it('opens All only when the block shows the All tab', () => {
    expect(activeTab(ALL_TAB, slugs, { showAllTab: true })).toBe(ALL_TAB);
    expect(activeTab(ALL_TAB, slugs, {})).toBe('shaker');
    expect(activeTab(null, slugs, { showAllTab: true, defaultCategory: ALL_TAB })).toBe(ALL_TAB);
  });
});

describe('searchForTab', () => {
  it('sets the category and drops the page, keeping other parameters', () => {
    expect(searchForTab(new URLSearchParams('category=shaker&page=3&utm_source=mail'), 'slab').toString()).toBe('category=slab&utm_source=mail');
  });
});

describe('searchForPage', () => {
  it('writes page 2 and up, and leaves page 1 out of the address', () => {
    expect(searchForPage(new URLSearchParams('category=slab'), 2).toString()).toBe('category=slab&page=2');
    expect(searchForPage(new URLSearchParams('category=slab&page=2'), 1).toString()).toBe('category=slab');
  });
});

describe('tabLayoutOf', () => {
  it('knows v1, v2 and v3 and falls back to v1', () => {
    expect(['v1', 'v2', 'v3', 'v9', undefined].map(tabLayoutOf)).toEqual(['v1', 'v2', 'v3', 'v1', 'v1']);
  });
});
