import { useCallback, useSyncExternalStore } from 'react';

/**
 * Where the app is: `#/agents`, `#/chat/<agent>`, `#/mesh`, `#/settings`, `#/inspector/<agent>`.
 */
export type Route =
  | { screen: 'agents' }
  | { screen: 'chat'; agent: string | undefined }
  | { screen: 'mesh' }
  | { screen: 'settings' }
  | { screen: 'inspector'; agent: string | undefined };

export function parseRoute(hash: string): Route {
  const [, screen, agent] = hash.replace(/^#/, '').split('/');
  if (screen === 'inspector') {
    return { screen: 'inspector', agent: agent ? decodeURIComponent(agent) : undefined };
  }
  if (screen === 'chat')
    return { screen: 'chat', agent: agent ? decodeURIComponent(agent) : undefined };
  if (screen === 'settings') return { screen: 'settings' };
  if (screen === 'mesh') return { screen: 'mesh' };
  return { screen: 'agents' };
}

export function routeHash(route: Route): string {
  if (route.screen === 'inspector') {
    return route.agent ? `#/inspector/${encodeURIComponent(route.agent)}` : '#/inspector';
  }
  if (route.screen === 'chat')
    return route.agent ? `#/chat/${encodeURIComponent(route.agent)}` : '#/chat';
  return `#/${route.screen}`;
}

const subscribe = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};

/** The current route (in the URL's hash, so a reload or an installed app keeps its place). */
export function useRoute(): [Route, (route: Route) => void] {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  const navigate = useCallback((route: Route) => {
    window.location.hash = routeHash(route);
  }, []);
  return [parseRoute(hash), navigate];
}
