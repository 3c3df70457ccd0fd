import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin/submissions: what visitors sent through the site's forms (placeholder). */
export default function SubmissionsPage() {
  return (
    <BackofficeFrame title="Form submissions">
      <Placeholder>Messages and requests sent through the site's forms will be listed here by form, with their files, and exported as CSV.</Placeholder>
    </BackofficeFrame>
  );
}
