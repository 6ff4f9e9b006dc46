import type { ChannelStatus } from '../../../schema/config.ts';
import type { MeshOverview } from '../../../schema/mesh.ts';
import { defaultMethods, type Methods } from '../helpers/mockHost.tsx';

/**
 * A host whose mesh is `mesh()` and whose configuration's channels are `channels()` (called on
 * every load, so a test can change them), in `language`.
 */
export function meshMethods(
  mesh: () => MeshOverview,
  channels: () => ChannelStatus[] = () => [],
  language: 'en' | 'fr' = 'en',
): Methods {
  const current = defaultMethods['ConfigService.Current']!([]) as object;
  return {
    'MeshService.Overview': () => mesh(),
    'ConfigService.Current': () => ({ ...current, channels: channels(), language }),
  };
}
