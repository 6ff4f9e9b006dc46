import type { SessionConfigOption, SessionModeState } from '@agentclientprotocol/sdk';
import type { PromptOffer } from '../schema/attachments.ts';
import type { ConfigOptionView, SessionModes, SessionView } from '../schema/conversation.ts';
import type { ConversationAgent } from './conversationOptions.ts';
import { errorText } from './errorText.ts';
import { configOptions, sessionModes } from './messageModel.ts';
import type { Result } from '../schema/result.ts';

export interface SessionChoicesOptions {
  link: Pick<ConversationAgent, 'setMode' | 'setOption'>;
  /** The open session's id, if one is open. */
  sessionId: () => string | undefined;
  /** What the conversation shows of its session now. */
  view: () => SessionView;
  /** Emits `session:changed` with `change` (the conversation folds it into what it shows). */
  change: (change: Partial<SessionView>) => void;
}

/**
 * A config option of category `mode` whose values are the session's modes: the same setting as the
 * mode, shown twice (Codex's approval preset, Claude's and Qwen Code's `mode`).
 */
function isModeOption(option: ConfigOptionView, modes: SessionModes | null): boolean {
  return (
    option.category === 'mode' &&
    option.type === 'select' &&
    modes !== null &&
    option.values.some(({ value }) => modes.available.some((mode) => mode.id === value))
  );
}

/**
 * A conversation's mode and config options (CONTRACT.md §7): what its sessions offer, and what the
 * user chose of it — set in the open session, and again in each session opened after (the first
 * choices are what the conversation showed last, kept by the host across its restarts). The mode
 * and a mode option are one choice, the last made either way: what the conversation shows of one
 * follows the other, and only the last is set again.
 */
export class SessionChoices {
  #mode: string | undefined;
  readonly #options = new Map<string, string | boolean>();

  constructor(private readonly options: SessionChoicesOptions) {
    const { modes, options: shown } = options.view();
    this.#mode = modes?.current;
    // What the conversation shows of the mode is the mode: set again, it sets the option too.
    for (const option of shown) {
      if (!isModeOption(option, modes ?? null)) this.#options.set(option.id, option.current);
    }
  }

  /**
   * What session `sessionId`, just made, loaded or resumed, offers (its response). What the user
   * chose before is set again in it before it is used; what the agent refuses of it stays as the
   * agent has it.
   */
  async offered(
    sessionId: string,
    offers: { modes?: SessionModeState | null; configOptions?: SessionConfigOption[] | null },
  ): Promise<void> {
    this.options.change({
      modes: sessionModes(offers.modes),
      options: configOptions(offers.configOptions),
    });
    await this.#setAgain(sessionId).catch(() => {});
  }

  /** What the agent's run takes in a prompt (`initialize`): told to the clients when it changes. */
  promptOffered(offer: PromptOffer): void {
    const shown = this.options.view().prompt;
    if (shown?.image === offer.image && shown.embeddedContext === offer.embeddedContext) return;
    this.options.change({ prompt: offer });
  }

  /** `session/set_mode` in the open session, if any, and in each one opened after. */
  async setMode(modeId: string): Promise<Result<void>> {
    this.#mode = modeId;
    const { modes: before, options: shown } = this.options.view();
    for (const option of shown) if (isModeOption(option, before)) this.#options.delete(option.id);
    const sessionId = this.options.sessionId();
    try {
      if (sessionId !== undefined) await this.options.link.setMode(sessionId, modeId);
    } catch (error) {
      return { ok: false, error: { kind: 'io', message: errorText(error) } };
    }
    this.#showMode(modeId);
    return { ok: true, value: undefined };
  }

  /** `session/set_config_option` in the open session, if any, and in each one opened after. */
  async setOption(optionId: string, value: string | boolean): Promise<Result<void>> {
    this.#options.set(optionId, value);
    const { modes, options: shown } = this.options.view();
    const modeOption = shown.some(
      (option) => option.id === optionId && isModeOption(option, modes),
    );
    if (modeOption) this.#mode = undefined;
    const sessionId = this.options.sessionId();
    try {
      if (sessionId !== undefined) {
        const options = await this.options.link.setOption(sessionId, optionId, value);
        this.options.change({ options: configOptions(options) });
      } else {
        const options = this.options
          .view()
          .options.map((option) =>
            option.id === optionId ? ({ ...option, current: value } as typeof option) : option,
          );
        this.options.change({ options });
      }
    } catch (error) {
      return { ok: false, error: { kind: 'io', message: errorText(error) } };
    }
    if (modeOption && typeof value === 'string') this.#showMode(value);
    return { ok: true, value: undefined };
  }

  /**
   * Shows `modeId` as the session's mode, and as the value of its mode options: agents do not all
   * tell the other of a change made one way (Qwen Code tells neither, Codex only the option).
   */
  #showMode(modeId: string): void {
    const { modes, options } = this.options.view();
    if (!modes?.available.some((mode) => mode.id === modeId)) return;
    const follows = (option: ConfigOptionView) =>
      isModeOption(option, modes) && option.values.some(({ value }) => value === modeId);
    this.options.change({
      modes: { ...modes, current: modeId },
      ...(options.some(follows)
        ? {
            options: options.map((option) =>
              follows(option) ? ({ ...option, current: modeId } as typeof option) : option,
            ),
          }
        : {}),
    });
  }

  /** Sets what the user chose in session `sessionId`, where it differs from what it offers. */
  async #setAgain(sessionId: string): Promise<void> {
    const { link, view, change } = this.options;
    const { modes } = view();
    const mode = this.#mode;
    if (mode !== undefined && modes && modes.current !== mode) {
      if (modes.available.some((available) => available.id === mode)) {
        await link.setMode(sessionId, mode);
        this.#showMode(mode);
      }
    }
    for (const [optionId, value] of this.#options) {
      const option = view().options.find((candidate) => candidate.id === optionId);
      if (!option || option.current === value) continue;
      change({ options: configOptions(await link.setOption(sessionId, optionId, value)) });
      if (isModeOption(option, view().modes) && typeof value === 'string') this.#showMode(value);
    }
  }
}
