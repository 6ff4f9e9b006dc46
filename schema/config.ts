/** The configuration part of the wire (REFERENCE.md `ConfigService`, CONTRACT.md §2). */
import type { PermissionRule as FileRule } from './config.gen.ts';

/** A rule of `permissions` (CONTRACT.md §8) and its place there, from 0: `permission:resolved`'s `rule`. */
export type PermissionRule = FileRule & { index: number };

/** What governs an agent's turns besides its user: its `budget`, and the rules that may answer for it. */
export interface AgentPolicy {
  /** `null`: no limit. */
  budget: number | null;
  /** The rules of `permissions` that name this agent or none, in order. */
  permissions: PermissionRule[];
}

/** A mistake or a doubt in a configuration's text, at the 1-based position of its YAML node. */
export interface Problem {
  line: number;
  column: number;
  message: string;
  /** `false`: an error, the file is not used. `true`: a warning, the file is used. */
  warning: boolean;
}

export type ConfigSource = 'flag' | 'env' | 'recent' | 'default';

/** Payload of the `config:changed` event. */
export interface ConfigChangedEvent {
  path: string;
  valid: boolean;
  problems: Problem[];
}

/** A channel of the agent mesh as `ConfigService.Current()` reports it. */
export interface ChannelStatus {
  name: string;
  nats: string;
  /** This host's handle in the channel. */
  machine: string;
  state: 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';
  /** Why it `failed`. */
  error?: string;
}

/** `ConfigService.Current()`. */
export interface ConfigCurrent {
  path: string;
  source: ConfigSource;
  created: boolean;
  valid: boolean;
  /** Errors of the file on disk. */
  problems: Problem[];
  warnings: Problem[];
  theme: 'system' | 'light' | 'dark';
  language: 'en' | 'fr';
  channels: ChannelStatus[];
}

/** `ConfigService.Browse(dir)`: folders and YAML files, for the Open… dialog. */
export interface BrowseResult {
  dir: string;
  parent: string;
  entries: { name: string; dir: boolean }[];
}
