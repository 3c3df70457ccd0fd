import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/orders: every order, newest first (placeholder). */
export default function OrdersPage() {
  return (
    <BackofficeFrame title="Orders">
      <Placeholder>Orders placed on the site will be listed here, newest first, with their payment status; search them by number, customer or e-mail.</Placeholder>
    </BackofficeFrame>
  );
}
