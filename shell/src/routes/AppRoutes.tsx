import { useDocumentTitle } from '@storefront/ui';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RemoteModule } from '../federation/RemoteModule';
import { useSiteData } from '../chrome/site-data';
import { remoteRoutes, type RemoteRoute } from './route-table';

/** The route's title while its remote loads; a title the remote sets itself is left alone. */
function RouteTitle({ title }: { title: string }) {
  const siteName = useSiteData().data?.site.name ?? '';
  const { pathname } = useLocation();
  useDocumentTitle(title, { siteName, provisionalFor: pathname });
  return null;
}

function RemoteRouteElement({ route }: { route: RemoteRoute }) {
  const { pathname } = useLocation();
  return (
    <>
      {route.title && <RouteTitle title={route.title} />}
      <RemoteModule moduleId={route.moduleId} loadingLabel={route.loadingLabel} resetKey={pathname} />
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      {remoteRoutes.map((route) => (
        <Route key={route.path} path={route.path} element={<RemoteRouteElement route={route} />} />
      ))}
    </Routes>
  );
}
