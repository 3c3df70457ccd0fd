import { createFederatedConfig } from '@storefront/federation';

export default createFederatedConfig({
  name: 'mf_checkout',
  appDir: import.meta.dirname,
  devPort: 3005,
  exposes: { './CheckoutPage': './src/checkout/CheckoutPage.tsx' },
});
