import { useMemo } from 'react';
import type { RpcParams } from '../../../schema/rpc.ts';
import type { LoginTerminalView } from '../../../schema/conversation.ts';
import { useHostStore } from '../connection/useHost.ts';
import type { TerminalInput } from './XtermView.tsx';

/** The most characters one `WriteTerminal` carries (the host takes 64 KiB): a paste is cut. */
const maxKeys = 16 * 1024;

/**
 * What the user types into a login terminal, sent to its program (`ChatService.WriteTerminal`),
 * and the room the app has for it (`ResizeTerminal`). Keys typed once it ended go nowhere.
 */
export function useTerminalInput(agent: string, terminal: LoginTerminalView): TerminalInput {
  const store = useHostStore();
  const { id } = terminal;
  const running = terminal.exitCode === null && terminal.signal === null;
  // A new object when the terminal changes: XtermView calls the input of its last render.
  return useMemo(() => {
    // A key that no longer reaches a program is nothing to report: the terminal says it ended.
    const call = <M extends 'ChatService.WriteTerminal' | 'ChatService.ResizeTerminal'>(
      method: M,
      ...params: RpcParams<M>
    ) => void store.call(method, ...params).catch(() => {});
    return {
      onData: (data) => {
        if (!running) return;
        for (let start = 0; start < data.length; start += maxKeys) {
          call('ChatService.WriteTerminal', agent, id, data.slice(start, start + maxKeys));
        }
      },
      onResize: ({ cols, rows }) => {
        if (running) call('ChatService.ResizeTerminal', agent, id, cols, rows);
      },
    };
  }, [store, agent, id, running]);
}
