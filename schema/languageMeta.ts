/**
 * The `_meta` key in which Switchboard's worker tells an agent the configured language, on
 * `session/new`, `session/load`, `session/resume` and each `session/prompt`: an agent that knows
 * it (the built-in agent) answers in it from the next turn, without a restart; others ignore it.
 *
 * See protocol docs: https://agentclientprotocol.com/protocol/extensibility#the-meta-field
 */
export const languageMetaKey = 'switchboard/language';

/** The `_meta` of a request that says `language`. */
export const languageMeta = (language: string): Record<string, unknown> => ({
  [languageMetaKey]: language,
});
