import { useEffect, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RemoteModule } from '../federation/RemoteModule';
import { useSiteData } from '../chrome/site-data';
import { remoteRoutes, type RemoteRoute } from './route-table';

function RouteTitle({ title }: { title: string }) {
  const siteName = useSiteData().data?.site.name;
  const siteNameRef = useRef(siteName);
  siteNameRef.current = siteName;
  const { pathname } = useLocation();
  // Set once per page: re-running when the site name arrives would overwrite a title the remote set.
  useEffect(() => {
    document.title = siteNameRef.current ? `${title} | ${siteNameRef.current}` : title;
  }, [title, pathname]);
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
