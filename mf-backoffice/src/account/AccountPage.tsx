import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/account: the signed-in member of staff's own details and password (placeholder). */
export default function AccountPage() {
  return (
    <BackofficeFrame title="My account">
      <Placeholder>Your name, e-mail address, password and signed-in sessions will be managed here.</Placeholder>
    </BackofficeFrame>
  );
}
