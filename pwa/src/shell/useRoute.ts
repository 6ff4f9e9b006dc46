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

function parseRoute(hash: string): Route {
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

function routeHash(route: Route): string {
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

/** How to go to a route: `replace` takes the place of the current one in the history. */
export interface NavigateOptions {
  replace?: boolean;
}

/** Goes to a route; a screen that only completes its route (`#/chat` → `#/chat/x`) replaces. */
export type Navigate = (route: Route, options?: NavigateOptions) => void;

/** The current route (in the URL's hash, so a reload or an installed app keeps its place). */
export function useRoute(): [Route, Navigate] {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  const navigate = useCallback<Navigate>((route, { replace = false } = {}) => {
    // Back then leaves the screen instead of landing on the route that was completed.
    if (replace) window.location.replace(routeHash(route));
    else window.location.hash = routeHash(route);
  }, []);
  return [parseRoute(hash), navigate];
}
