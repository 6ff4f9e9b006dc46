import type { Route } from '../shell/useRoute.ts';

/** Placeholder: the conversation view. */
export function ChatScreen(_: { agent: string | undefined; navigate: (route: Route) => void }) {
  return <section />;
}
