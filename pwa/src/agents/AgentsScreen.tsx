import type { Route } from '../shell/useRoute.ts';

/** Placeholder: the Agents panel. */
export function AgentsScreen(_: { navigate: (route: Route) => void }) {
  return <section />;
}
