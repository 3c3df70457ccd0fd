import { createFederatedBuilds } from '@storefront/federation';

export default createFederatedBuilds({
  name: 'mf_checkout',
  appDir: import.meta.dirname,
  devPort: 3005,
  exposes: { './CheckoutPage': './src/checkout/CheckoutPage.tsx' },
});
