import { useEffect, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RemoteModule } from '../federation/RemoteModule';
import { useSiteData } from '../chrome/site-data';
import { remoteRoutes, type RemoteRoute } from './route-table';

function RouteTitle({ title }: { title: string }) {
  const siteName = useSiteData().data?.site.name;
  const { pathname } = useLocation();
  const lastSet = useRef<{ pathname: string; text: string } | null>(null);
  useEffect(() => {
    const text = siteName ? `${title} | ${siteName}` : title;
    const previous = lastSet.current;
    // When the site name arrives later, add it only if the remote has not set its own title meanwhile.
    if (previous && previous.pathname === pathname && document.title !== previous.text) return;
    document.title = text;
    lastSet.current = { pathname, text };
  }, [title, pathname, siteName]);
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
