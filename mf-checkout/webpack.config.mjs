import { createFederatedBuilds } from '@storefront/federation';

export default createFederatedBuilds({
  name: 'mf_checkout',
  appDir: import.meta.dirname,
  devPort: 3005,
  exposes: {
    './CheckoutPage': './src/checkout/CheckoutPage.tsx',
    './PaymentVerifyPage': './src/order-result/PaymentVerifyPage.tsx',
    './OrderSuccessPage': './src/order-result/OrderSuccessPage.tsx',
    './PaymentFailPage': './src/order-result/PaymentFailPage.tsx',
  },
});
