import { createFederatedBuilds } from '@storefront/federation';
import { REMOTES } from '@storefront/topology';

/** This remote's name and dev port, from the one map of the site. */
const remote = REMOTES.find((candidate) => candidate.folder === 'mf-checkout');

export default createFederatedBuilds({
  name: remote.name,
  appDir: import.meta.dirname,
  devPort: remote.devPort,
  exposes: {
    './CheckoutPage': './src/checkout/CheckoutPage.tsx',
    './PaymentVerifyPage': './src/order-result/PaymentVerifyPage.tsx',
    './OrderSuccessPage': './src/order-result/OrderSuccessPage.tsx',
    './PaymentFailPage': './src/order-result/PaymentFailPage.tsx',
    './OrderViewPage': './src/order-view/OrderViewPage.tsx',
    './QuoteViewPage': './src/quote-view/QuoteViewPage.tsx',
    './QuotePaymentPage': './src/quote-payment/QuotePaymentPage.tsx',
    './SplitPaymentPage': './src/split-payment/SplitPaymentPage.tsx',
    // customer accounts
    './LoginPage': './src/account/login/LoginPage.tsx',
    './ForgotPasswordPage': './src/account/forgot-password/ForgotPasswordPage.tsx',
    './ResetPasswordPage': './src/account/reset-password/ResetPasswordPage.tsx',
    './VerifyEmailPage': './src/account/verify-email/VerifyEmailPage.tsx',
    './MyAccountPage': './src/account/my-account/MyAccountPage.tsx',
    './AddressesPage': './src/account/addresses/AddressesPage.tsx',
    './AddressFormPage': './src/account/address-form/AddressFormPage.tsx',
  },
});
