/* Generated from schema/config.schema.json by scripts/generateConfigTypes.ts: do not edit. */
/* The configuration file as written (CONTRACT.md §2), before defaults are applied. */

/**
 * How many agents may run, and when an idle one is stopped.
 */
export type Limits = {
  /**
   * How many agents may run at once. Starting one more stops the least recently used idle agent, or is refused when every running agent is busy.
   */
  maxRunningAgents?: number;
  stopIdleAgentsAfter?: Duration;
} | null;
/**
 * Stop an agent nobody has used for this long: `90s`, `15m`, `1h`, or `0` for never.
 */
export type Duration = string | 0;
/**
 * The agents, by name. The order of this map is the order the app shows them in. A name is 1 to 64 lowercase letters, digits, `-` or `_`, starting with a letter or a digit. Empty (every entry commented out) means no agent.
 */
export type Agents = {
  [k: string]: Agent | undefined;
} | null;
/**
 * The agent mesh: each channel joins the machines that share it, so their agents see each other. Empty (the default) means this machine only.
 */
export type Channels = Channel[] | null;
/**
 * Answers given before anyone is asked: the first rule that matches a permission request answers it. Answering “Always allow” or “Always reject” in the app adds one. Empty (the default) means every request is asked.
 */
export type PermissionRules = PermissionRule[] | null;
/**
 * Extra host names the app may be reached by, such as `mybox.local`, besides the addresses of this machine and `localhost`.
 */
export type AllowedHosts = string[] | null;

/**
 * The agents Switchboard runs, and how (CONTRACT.md §2). Written in YAML; a key this schema does not know is reported as a warning and ignored.
 */
export interface SwitchboardConfiguration {
  /**
   * The language of Switchboard's messages, this file's problems included: `en` (English) or `fr` (French).
   */
  language?: 'en' | 'fr';
  /**
   * The app's colours: `system` follows the device, `light` or `dark` forces one.
   */
  theme?: 'system' | 'light' | 'dark';
  limits?: Limits;
  agents?: Agents;
  channels?: Channels;
  permissions?: PermissionRules;
  allowedHosts?: AllowedHosts;
}
/**
 * An agent: a program that speaks the Agent Client Protocol on its standard input and output.
 */
export interface Agent {
  /**
   * The name the app shows. Default: the agent's name (its key).
   */
  title?: string;
  /**
   * An emoji, an image URL, or the path of an image under the configuration's folder.
   */
  icon?: string;
  /**
   * One line on what this agent is, shown in the Agents panel.
   */
  description?: string;
  /**
   * The program to run: a name looked up on PATH (`npx`), or a path. A relative path is taken from the agent's `cwd`.
   */
  command: string;
  /**
   * The program's arguments, one string each.
   */
  args?: string[] | null;
  /**
   * Environment variables added to Switchboard's own for this agent, such as API keys. Values are strings: quote numbers. Setting `PATH` here also changes where `command` is looked up.
   */
  env?: {
    [k: string]: string | undefined;
  } | null;
  /**
   * The agent's working directory, also the folder of its ACP sessions. `~` is your home folder; a relative path is taken from the configuration's folder. Default: the configuration's folder.
   */
  cwd?: string;
  /**
   * The most this agent's reported cost may reach in one conversation, in the unit it reports (dollars, credits…): past it, its turn is cancelled and the chat says why. Default: no limit.
   */
  budget?: number;
}
/**
 * A channel of the agent mesh: a NATS server with JetStream that the machines of the channel all reach.
 */
export interface Channel {
  /**
   * The channel's name: machines that use the same name on the same server see each other's agents.
   */
  name: string;
  /**
   * The NATS server: `nats://host:4222` (`tls://`, `ws://` and `wss://` also work; without a scheme, `nats://` is meant).
   */
  nats: string;
  /**
   * This machine's handle in the channel, as the other machines see it. Default: the host name.
   */
  machine?: string;
  /**
   * The user name for the NATS server; goes with `password`.
   */
  user?: string;
  /**
   * The password for the NATS server; goes with `user`.
   */
  password?: string;
  /**
   * The path of a NATS credentials file (`.creds`), instead of `user` and `password`. `~` is your home folder; a relative path is taken from the configuration's folder.
   */
  creds?: string;
}
/**
 * A rule answers a request that matches all it names; a rule that names nothing but its answer matches every request.
 */
export interface PermissionRule {
  /**
   * The agent whose requests it answers (its name). Default: any agent.
   */
  agent?: string;
  /**
   * The kind of tool asked for: `read`, `edit`, `delete`, `move`, `search`, `execute`, `think`, `fetch` or `other`. Default: any kind.
   */
  kind?: 'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'think' | 'fetch' | 'other';
  /**
   * A glob every location of the tool call must match, relative to the agent's `cwd` (`src/**`, `docs/*.md`); a call with no location, or one outside the `cwd`, does not match. Default: any location, or none.
   */
  path?: string;
  /**
   * A command line, exactly as the tool call shows it (`npm test`, `git status --short`): the rule answers only a call that runs that very command, the same program with the same arguments written the same way. The command is the `command` of the call's input: a string as it is, or a list of words joined with spaces, each quoted as a shell would need. Default: any command, or none.
   */
  command?: string;
  /**
   * `allow` or `reject`: the agent's own option of that kind is chosen (once, if it offers that).
   */
  answer: 'allow' | 'reject';
}
