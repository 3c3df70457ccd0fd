import { Suspense } from 'react';
import { loadRemoteComponent, useRemoteComponent } from '@storefront/remote-loader';
import { Button, ButtonLink, LoadingState, PageContainer, useNavigate } from '@storefront/ui';

export const SHARED_NOT_FOUND_MODULE = 'mf_content/NotFoundPage';

/**
 * An unknown style: the site's one 404 page (mf_content/NotFoundPage), so it looks like any unknown
 * page, or this page's own message when that remote cannot be loaded (on the server: the boundary's
 * fallback; in the browser: after the load fails).
 */
export function StyleNotFound({ styleName }: { styleName: string }) {
  return (
    <Suspense fallback={<LocalNotFound styleName={styleName} />}>
      <SharedNotFound styleName={styleName} />
    </Suspense>
  );
}

function SharedNotFound({ styleName }: { styleName: string }) {
  const shared = useRemoteComponent(SHARED_NOT_FOUND_MODULE, loadRemoteComponent);
  if (shared.status === 'loading') return <LoadingState label="Loading…" />;
  if (shared.status === 'ready') return <shared.Component />;
  return <LocalNotFound styleName={styleName} />;
}

function LocalNotFound({ styleName }: { styleName: string }) {
  const navigate = useNavigate();
  return (
    <PageContainer title="Page not found">
      <div className="sf-state sf-state--empty">
        <p className="sf-state__message">
          We could not find the cabinet style “{styleName}”. It may have been renamed or is no longer available.
        </p>
        <div className="sf-state__action sf-style-notfound__actions">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Go back
          </Button>
          <ButtonLink to="/">Go to home</ButtonLink>
        </div>
      </div>
    </PageContainer>
  );
}
