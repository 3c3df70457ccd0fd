import { blogAuthorUrl, blogListUrl, contentPageUrl, locationOptionsUrl, pageHeadUrl, productStyleUrl, samplePaymentMethodsUrl, SITE_DATA_URL } from './page-data-urls.js';

describe('page-data URLs from the route table', () => {
  it('fills path parameters, encoded', () => {
    expect(productStyleUrl('shaker white')).toBe('/api/content/product-styles/shaker%20white');
    expect(locationOptionsUrl('cities', { country: 'US', state: 'NJ' })).toBe('/api/content/locations/countries/US/states/NJ/cities');
    expect(locationOptionsUrl('states', {})).toBeNull();
  });

  it('leaves out what has no value (page 1, an empty search) so one datum has one URL', () => {
    expect(SITE_DATA_URL).toBe('/api/content/site');
    expect(blogListUrl(1)).toBe('/api/content/blogs');
    expect(blogListUrl(2)).toBe('/api/content/blogs?page=2');
    expect(blogAuthorUrl('ann', '')).toBe('/api/content/blogs/authors/ann');
    expect(blogAuthorUrl('ann', 'oak doors')).toBe('/api/content/blogs/authors/ann?query=oak+doors');
  });

  it('carries a site path as a query value', () => {
    expect(contentPageUrl('/blogs/a-post')).toBe('/api/content/page?path=%2Fblogs%2Fa-post');
    expect(pageHeadUrl('/')).toBe('/api/content/head?path=%2F');
    expect(samplePaymentMethodsUrl()).toBe('/api/payment-methods?scope=sample-order');
  });
});
