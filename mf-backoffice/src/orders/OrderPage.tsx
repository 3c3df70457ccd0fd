import { useParams } from '@storefront/ui';
import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/orders/:order: one order by its number (placeholder). */
export default function OrderPage() {
  const { order = '' } = useParams();
  return (
    <BackofficeFrame title={`Order ${order}`}>
      <Placeholder>This order's items, totals, addresses, payments and e-mails will be shown here, with what staff can do next.</Placeholder>
    </BackofficeFrame>
  );
}
