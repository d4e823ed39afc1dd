import { useLocation } from 'react-router';

/** Shows the router's current address (path and query) for a test to read: `address()`. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}
