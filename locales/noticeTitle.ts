import { translate, type Language } from './translate.ts';

/**
 * The title of a system notification (`schema/notifications.ts`'s `NoticeKind`): what `agent`
 * (its title) did. The host's Web Push and the app's own notifications say the same.
 */
export function noticeTitle(
  language: Language,
  kind: 'permission' | 'turn' | 'failed' | 'crash',
  agent: string,
): string {
  return translate(language, `notify.${kind}.title`, { agent });
}
