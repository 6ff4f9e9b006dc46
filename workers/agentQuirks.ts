import type { Implementation, SessionNotification } from '@agentclientprotocol/sdk';

/** What Switchboard does differently for an agent known to need it, each with its reason. */
export interface AgentQuirks {
  /**
   * `fs/read_text_file` of a file that does not exist answers empty content, as Zed does, rather
   * than ACP's resource-not-found error.
   */
  missingFileIsEmpty: boolean;
  /**
   * The agent goes on replaying a loaded session after it answered `session/load`: the turn that
   * loaded it waits until no update came for `quietMs` (at most `maxMs`) before it prompts.
   */
  replaysAfterLoad: { quietMs: number; maxMs: number } | null;
  /** The environment variables a login method reads that the method does not name, by its id. */
  authEnv: Readonly<Record<string, readonly string[]>>;
  /**
   * The method of the agent's own notification `{sessionId, currentModeId}` that tells of a new
   * mode, taken as ACP's `current_mode_update`, which the agent does not send for it.
   */
  modeNotification: string | null;
}

const none: AgentQuirks = {
  missingFileIsEmpty: false,
  replaysAfterLoad: null,
  authEnv: {},
  modeNotification: null,
};

/**
 * The quirks of the agent that introduced itself as `agentInfo` in `initialize`.
 *
 * - Gemini CLI (0.61 and before) reads a file before it writes it and takes only a "not found"
 *   message for a new file, but its ACP SDK (< 0.19) hands its check the raw error object, read
 *   as "[object Object]": no error lets it create a file, empty content does. Check again when
 *   it moves to a newer SDK (docs/decisions.md, "Files"; test/agents/geminiCli.test.ts).
 * - Gemini CLI's `session/load` does not await its replay (`streamHistory`): part of it comes
 *   after the answer (docs/agents.md). Its replay is written from memory, in one burst.
 * - Gemini CLI's `gemini-api-key` login reads `GEMINI_API_KEY` but does not say so.
 * - Qwen Code (0.24.4) tells of the mode a client set (`session/set_mode`, or the `mode` config
 *   option) only in `qwen/notify/session/mode-update` (docs/agents.md;
 *   test/agents/qwenCode.test.ts).
 */
export function quirksOf(agentInfo: Implementation | null | undefined): AgentQuirks {
  if (agentInfo?.name === 'gemini-cli') {
    return {
      missingFileIsEmpty: true,
      replaysAfterLoad: { quietMs: 150, maxMs: 3000 },
      authEnv: { 'gemini-api-key': ['GEMINI_API_KEY'] },
      modeNotification: null,
    };
  }
  if (agentInfo?.name === 'qwen-code') {
    return { ...none, modeNotification: 'qwen/notify/session/mode-update' };
  }
  return none;
}

/** The ACP session update the agent's own notification `method` stands for, if it is a quirk. */
export function quirkUpdate(
  quirks: AgentQuirks,
  method: string,
  params: unknown,
): SessionNotification | undefined {
  const { sessionId, currentModeId } = (params ?? {}) as Record<string, unknown>;
  if (method !== quirks.modeNotification) return undefined;
  if (typeof sessionId !== 'string' || typeof currentModeId !== 'string') return undefined;
  return { sessionId, update: { sessionUpdate: 'current_mode_update', currentModeId } };
}
