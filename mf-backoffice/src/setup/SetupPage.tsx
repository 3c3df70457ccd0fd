import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/setup: the first staff account, created once (placeholder). */
export default function SetupPage() {
  return (
    <BackofficeFrame title="Set up the back office" nav={false}>
      <Placeholder>The first member of staff creates the back office's owner account here, once. The set-up form comes with the staff accounts.</Placeholder>
    </BackofficeFrame>
  );
}
