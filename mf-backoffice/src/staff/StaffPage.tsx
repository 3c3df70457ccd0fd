import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/staff: staff accounts, their roles and API keys (placeholder). */
export default function StaffPage() {
  return (
    <BackofficeFrame title="Staff">
      <Placeholder>Staff accounts, their roles and the admin API keys will be managed here.</Placeholder>
    </BackofficeFrame>
  );
}
