import { useEffect, useState } from 'react';
import { useHostStore } from '../../connection/useHost.ts';

/** The configuration's JSON Schema (`ConfigService.Schema()`); `undefined` until it arrives. */
export function useSchema(): object | undefined {
  const store = useHostStore();
  const [schema, setSchema] = useState<object>();
  useEffect(() => {
    let live = true;
    store.call('ConfigService.Schema').then(
      (loaded) => live && setSchema(loaded),
      // Without the schema the editor still edits; it only completes less.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [store]);
  return schema;
}
