import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/operations: e-mails that could not be delivered and background jobs (placeholder). */
export default function OperationsPage() {
  return (
    <BackofficeFrame title="Operations">
      <Placeholder>E-mails that could not be delivered, background jobs and the payment reconciliation will be watched and retried here.</Placeholder>
    </BackofficeFrame>
  );
}
