import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** /admin: what needs attention today (placeholder). */
export default function DashboardPage() {
  return (
    <BackofficeFrame title="Dashboard">
      <Placeholder>Today's new orders, quotes waiting for an answer, recent form submissions and anything that failed will be summed up here.</Placeholder>
    </BackofficeFrame>
  );
}
