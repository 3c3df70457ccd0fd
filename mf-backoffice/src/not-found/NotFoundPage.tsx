import { ADMIN_PATHS } from '@storefront/contracts';
import { Link } from '@storefront/ui';
import { BackofficeFrame, Placeholder } from '../frame/BackofficeFrame.js';

/** Any other address under /admin: the back office's own not-found screen (the page answers 404). */
export default function NotFoundPage() {
  return (
    <BackofficeFrame title="Page not found">
      <Placeholder>
        The back office has no page at this address. <Link to={ADMIN_PATHS.home}>Go to the dashboard</Link>.
      </Placeholder>
    </BackofficeFrame>
  );
}
