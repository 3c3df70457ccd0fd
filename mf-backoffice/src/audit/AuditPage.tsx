import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/audit: who changed what, and when (placeholder). */
export default function AuditPage() {
  return (
    <BackofficeFrame title="Audit log">
      <Placeholder>Every change made by staff or through the admin API will be listed here: who, what and when.</Placeholder>
    </BackofficeFrame>
  );
}
