import { useLocation } from 'react-router-dom';

/** Shows the router's current address (path + query) as `data-testid="location"`, for tests to read. */
export function LocationProbe() {
  const location = useLocation();
  // a plain div: <output> is a live "status" region and would count among a screen's statuses
  return <div data-testid="location">{location.pathname + location.search}</div>;
}
