import { existsSync } from 'node:fs';
import { parseDocument, type Document } from 'yaml';
import { resolve } from 'node:path';
import type { ChannelStatus, ConfigCurrent, Problem } from '../../schema/config.ts';
import type { PermissionRule as FileRule } from '../../schema/config.gen.ts';
import type { HostEvent } from '../../schema/events.ts';
import { defaultLimits } from '../agentDefinition.ts';
import { sayIn, type Language } from '../i18n.ts';
import { ServiceError } from '../ServiceError.ts';
import type { Supervisor } from '../Supervisor.ts';
import { TaskQueue } from '../TaskQueue.ts';
import type { ChannelDefinition } from '../mesh/NatsChannel.ts';
import { appendRule } from './appendRule.ts';
import { writeFileAtomic } from './atomicWrite.ts';
import type { ConfigLocation } from './configPath.ts';
import { watchConfigFile, type ConfigWatcher } from './configWatcher.ts';
import type { Config } from './loadConfig.ts';
import type { RecentFiles } from './RecentFiles.ts';
import { isTooLarge, maxConfigBytes } from '../../schema/configCheck/limits.ts';
import { readConfigText } from './readConfigText.ts';

/** Checks a configuration's text: its problems, and the configuration when it has no error. */
export type Validate = (
  text: string,
  path: string,
  options?: { language?: Language },
) => Promise<{ problems: Problem[]; config: Config | undefined }>;

/** What the configuration's `channels` go to: the agent mesh. */
export interface MeshChannels {
  configure(channels: ChannelDefinition[]): void;
  statuses(): ChannelStatus[];
}

export interface CurrentConfigOptions {
  supervisor: Supervisor;
  mesh?: MeshChannels;
  recent: RecentFiles;
  validate: Validate;
  emit: (event: HostEvent) => void;
  /** Test-only: how long the watcher lets a burst of writes settle. */
  settleMs?: number;
}

/** The first error of `problems` as `line:column message`, `undefined` when none. */
function firstProblem(problems: readonly Problem[]): string | undefined {
  const error = problems.find((problem) => !problem.warning);
  return error && `${error.line}:${error.column} ${error.message}`;
}

const emptyConfig = (path: string): Config => ({
  path,
  language: 'en',
  theme: 'system',
  limits: defaultLimits,
  agents: [],
  channels: [],
  allowedHosts: [],
  permissions: [],
});

/**
 * The configuration the host runs: the file it came from, watched; what its text holds now,
 * problems included; and the last valid configuration, which is what the agents run. A file that
 * breaks on disk never stops what runs (CONTRACT.md §2); the next valid save applies.
 */
export class CurrentConfig {
  #location: ConfigLocation;
  #text: string | undefined;
  #problems: Problem[] = [];
  #config: Config;
  #watcher: ConfigWatcher | undefined;
  /** Reloads, saves and opens one at a time, in the order they come. */
  readonly #queue = new TaskQueue();
  readonly #say = sayIn(() => this.#config.language);

  private constructor(
    location: ConfigLocation,
    private readonly options: CurrentConfigOptions,
  ) {
    this.#location = location;
    this.#config = emptyConfig(location.path);
  }

  /** Loads `location` (a file with errors leaves no agent running, and says why) and watches it. */
  static async open(
    location: ConfigLocation,
    options: CurrentConfigOptions,
  ): Promise<CurrentConfig> {
    const current = new CurrentConfig(location, options);
    const text = await readConfigText(location.path);
    current.#apply(text, await options.validate(text, location.path));
    await current.#watch();
    return current;
  }

  /** The last valid configuration: the one the agents run. */
  get config(): Config {
    return this.#config;
  }

  get language(): Language {
    return this.#config.language;
  }

  current(): ConfigCurrent {
    return {
      path: this.#location.path,
      source: this.#location.source,
      created: this.#location.created,
      valid: !this.#problems.some((problem) => !problem.warning),
      problems: this.#problems.filter((problem) => !problem.warning),
      warnings: this.#problems.filter((problem) => problem.warning),
      theme: this.#config.theme,
      language: this.#config.language,
      channels: this.options.mesh?.statuses() ?? [],
    };
  }

  /** The file's text as it is on disk; a file too large to check is not sent half. */
  async content(): Promise<string> {
    const path = this.#location.path;
    const text = await readConfigText(path).catch((error: unknown) => {
      throw this.#ioError(path, error);
    });
    if (!isTooLarge(text)) return text;
    const reason = this.#say('config.tooLarge', { limit: maxConfigBytes / 1024 });
    throw new ServiceError('io', this.#say('configFile.io', { path, reason }));
  }

  /** The problems of `text`, errors and warnings together, without saving it. */
  async validate(text: string): Promise<Problem[]> {
    return (await this.options.validate(text, this.#location.path, { language: this.language }))
      .problems;
  }

  /** Writes `text` if it holds no error, and applies it; returns its problems either way. */
  save(text: string): Promise<Problem[]> {
    return this.#queue.run(() => this.#save(text));
  }

  /**
   * Changes the file as `change` edits its YAML document — its comments and layout kept — then
   * writes and applies it, or refuses (`invalid-config`, with the first error) if the file has
   * errors before or would have after.
   */
  edit(change: (document: Document) => void): Promise<void> {
    return this.#queue.run(async () => {
      const path = this.#location.path;
      const text = await readConfigText(path).catch((error: unknown) => {
        throw this.#ioError(path, error);
      });
      const document = parseDocument(text);
      // The file's own check words its syntax error in the user's language; the parser's, not.
      const broken = document.errors.length > 0 && firstProblem(await this.validate(text));
      if (broken) throw this.#notEdited(broken);
      change(document);
      const error = firstProblem(await this.#save(document.toString()));
      if (error) throw this.#notEdited(error);
    });
  }

  /** Sets variables in the `env` of agent `agent` (a login's key), as `edit` does. */
  setAgentEnv(agent: string, env: Readonly<Record<string, string>>): Promise<void> {
    return this.edit((document) => {
      for (const [name, value] of Object.entries(env)) {
        document.setIn(['agents', agent, 'env', name], value);
      }
    });
  }

  /**
   * Adds `rule` at the end of `permissions` (made if missing or empty), unless the same rule is
   * there, as `edit` does.
   */
  addPermissionRule(rule: FileRule): Promise<void> {
    const same = (other: FileRule) =>
      other.agent === rule.agent &&
      other.kind === rule.kind &&
      other.path === rule.path &&
      other.command === rule.command &&
      other.answer === rule.answer;
    if (this.#config.permissions.some(same)) return Promise.resolve();
    return this.edit((document) => appendRule(document, rule));
  }

  /** Removes rule `index` of `permissions` (from 0), as `edit` does. */
  removePermissionRule(index: number): Promise<void> {
    return this.edit((document) => {
      if (!document.hasIn(['permissions', index])) {
        throw new ServiceError('not-found', this.#say('error.unknownRule', { index }));
      }
      document.deleteIn(['permissions', index]);
    });
  }

  #notEdited(message: string): ServiceError {
    const path = this.#location.path;
    return new ServiceError('invalid-config', this.#say('configFile.notEdited', { path, message }));
  }

  async #save(text: string): Promise<Problem[]> {
    const validation = await this.options.validate(text, this.#location.path, {
      language: this.language,
    });
    if (!validation.config) return validation.problems;
    try {
      await writeFileAtomic(this.#location.path, text);
    } catch (error) {
      throw this.#ioError(this.#location.path, error);
    }
    this.#apply(text, validation);
    return validation.problems;
  }

  /**
   * Stops every agent, then runs and watches the configuration at `path`, remembered among the
   * recent files. A file with errors is refused and nothing changes.
   */
  open(path: string): Promise<void> {
    return this.#queue.run(async () => {
      const absolute = resolve(path);
      if (!existsSync(absolute)) {
        throw new ServiceError('not-found', this.#say('configFile.notFound', { path: absolute }));
      }
      const text = await readConfigText(absolute).catch((error: unknown) => {
        throw this.#ioError(absolute, error);
      });
      const validation = await this.options.validate(text, absolute, { language: this.language });
      const firstError = validation.problems.find((problem) => !problem.warning);
      if (!validation.config || firstError) {
        const message = firstError
          ? `${firstError.line}:${firstError.column} ${firstError.message}`
          : '';
        throw new ServiceError(
          'invalid-config',
          this.#say('configFile.invalid', { path: absolute, message }),
        );
      }
      await this.#watcher?.close();
      await this.options.supervisor.stopAll();
      this.options.supervisor.forgetConversations();
      this.#location = { path: absolute, source: 'recent', created: false };
      this.#text = undefined;
      this.#apply(text, validation);
      await this.#watch();
      await this.options.recent.remember(absolute);
    });
  }

  async close(): Promise<void> {
    await this.#watcher?.close();
    this.#watcher = undefined;
  }

  /** Watches the current file from the text just applied: a change since is reported. */
  async #watch(): Promise<void> {
    const path = this.#location.path;
    this.#watcher = watchConfigFile(
      path,
      (text: string | undefined) => void this.#queue.run(() => this.#reload(path, text)),
      {
        settleMs: this.options.settleMs,
        initialText: this.#text,
        onError: (error) => console.error(`${path}: ${error.message}`),
      },
    );
    await this.#watcher.ready;
  }

  /**
   * The file changed on disk. Read again here, in turn with saves and edits: the watcher read
   * `seen` before it queued this, maybe before a save queued ahead of it wrote the file, and
   * applying that older text would undo the save until the watcher's next look.
   */
  async #reload(path: string, seen: string | undefined): Promise<void> {
    if (path !== this.#location.path) return;
    const text = await readConfigText(path).catch((error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ENOTDIR' ? undefined : seen,
    );
    if (text === this.#text) return;
    if (text === undefined) {
      this.#text = undefined;
      this.#problems = [
        { line: 1, column: 1, message: this.#say('configFile.missing'), warning: false },
      ];
      this.#announce();
      return;
    }
    this.#apply(text, await this.options.validate(text, path, { language: this.language }));
  }

  #apply(text: string, validation: { problems: Problem[]; config: Config | undefined }): void {
    this.#text = text;
    this.#problems = validation.problems;
    if (validation.config) {
      this.#config = validation.config;
      const { agents, limits, language } = validation.config;
      this.options.supervisor.reconfigure(agents, limits, language);
      this.options.mesh?.configure(validation.config.channels);
    }
    this.#announce();
  }

  #announce(): void {
    const { path, valid } = this.current();
    this.options.emit({
      name: 'config:changed',
      data: { path, valid, problems: this.#problems },
    });
  }

  #ioError(path: string, error: unknown): ServiceError {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return new ServiceError('not-found', this.#say('configFile.notFound', { path }));
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new ServiceError('io', this.#say('configFile.io', { path, reason }));
  }
}
