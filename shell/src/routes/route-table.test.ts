import { matchRoutes } from 'react-router-dom';
import { remoteRoutes } from './route-table';

function moduleFor(pathname: string): string | undefined {
  return matchRoutes(remoteRoutes, pathname)?.at(-1)?.route.moduleId;
}

describe('route table', () => {
  it.each([
    ['/', 'mf_content/ContentPage'],
    ['/products/kitchen-cabinets/rta-kitchen-cabinets/ssw', 'mf_catalog/StylePage'],
    ['/contact', 'mf_forms/ContactPage'],
    ['/estimator', 'mf_estimator/EstimatorPage'],
    ['/checkout', 'mf_checkout/CheckoutPage'],
    ['/payment/verify/stripe', 'mf_checkout/PaymentVerifyPage'],
    ['/payment/stripe/verify', 'mf_checkout/PaymentVerifyPage'],
    ['/payment/online-payment/verify', 'mf_checkout/PaymentVerifyPage'],
    ['/payment/fail', 'mf_checkout/PaymentFailPage'],
    ['/order/success', 'mf_checkout/OrderSuccessPage'],
    ['/blogs', 'mf_content/BlogListPage'],
    ['/blogs/shaker-vs-slab-cabinet-doors', 'mf_content/BlogDetailPage'],
    ['/blogs/authors/maria-alvarez', 'mf_content/BlogAuthorPage'],
    ['/blogs/category/kitchen-design', 'mf_content/BlogCategoryPage'],
    ['/categories', 'mf_catalog/CategoryShowcasePage'],
    ['/categories/slim-shaker', 'mf_catalog/CategoryShowcasePage'],
    // any other path is a content page; the content service answers 404 -> NotFoundPage
    ['/about-us', 'mf_content/ContentPage'],
    ['/no/such/page', 'mf_content/ContentPage'],
  ])('%s -> %s', (pathname, moduleId) => {
    expect(moduleFor(pathname)).toBe(moduleId);
  });
});
