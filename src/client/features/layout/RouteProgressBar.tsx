import { useAppSelector } from '../../app/hooks.js';

/** A short progress-bar animation on every route change (remounted by its key). */
export function RouteProgressBar() {
  const count = useAppSelector((state) => state.layout.navigationCount);
  return <div key={count} className="route-progress" role="presentation" aria-hidden="true" />;
}
