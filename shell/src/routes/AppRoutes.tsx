import { Route, Routes, useLocation } from 'react-router-dom';
import { RemoteModule } from '../federation/RemoteModule';
import { remoteRoutes, type RemoteRoute } from './route-table';

/** A route's remote; its title and meta come from the page table (head/DocumentHead). */
function RemoteRouteElement({ route }: { route: RemoteRoute }) {
  const { pathname } = useLocation();
  return <RemoteModule moduleId={route.moduleId} loadingLabel={route.loadingLabel} resetKey={pathname} drawsOwnMain={route.chrome === 'none'} />;
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
