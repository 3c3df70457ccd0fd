import { useEffect, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadRemoteComponent } from '@storefront/remote-loader';
import { Button, ButtonLink, LoadingState, PageContainer } from '@storefront/ui';

/** How long the shared 404 may take before the page shows its own message instead. */
const SHARED_NOT_FOUND_TIMEOUT_MS = 4000;

/**
 * The site's one 404 page (mf_content/NotFoundPage), so an unknown style looks like any unknown
 * page. Rejects when the remote cannot be reached in time; the caller then shows its own message.
 */
function loadSharedNotFoundPage(timeoutMs = SHARED_NOT_FOUND_TIMEOUT_MS): Promise<ComponentType> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('shared not-found page timed out')), timeoutMs);
  });
  return Promise.race([loadRemoteComponent('mf_content/NotFoundPage'), timeout]).finally(() => clearTimeout(timer));
}

type Shared = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed' };

/** An unknown style: the site's shared 404 page, or this page's own when that cannot be loaded. */
export function StyleNotFound({ styleName }: { styleName: string }) {
  const [shared, setShared] = useState<Shared>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    loadSharedNotFoundPage().then(
      (Page) => active && setShared({ status: 'ready', Page }),
      () => active && setShared({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, []);

  if (shared.status === 'loading') return <LoadingState label="Loading…" />;
  if (shared.status === 'ready') return <shared.Page />;
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
