/**
 * What checking a configuration's text finds, before it is worded: each finding names a message of
 * `locales/` (`config.<code>`) and its values, so the host words it in the config's language. This
 * is the shape that crosses the worker boundary when a large file is checked in the pool.
 */
import type { SwitchboardConfiguration } from '../config.gen.ts';

/** The YAML reader's own complaints, worded `config.yaml.<code>`. */
export type YamlFindingCode =
  | 'alias'
  | 'aliasProps'
  | 'blockInFlow'
  | 'closingQuote'
  | 'collectionTag'
  | 'commentSpace'
  | 'compactMap'
  | 'directive'
  | 'escape'
  | 'flowComma'
  | 'flowEnd'
  | 'impossible'
  | 'indent'
  | 'keyWithoutValue'
  | 'longKey'
  | 'mapIndent'
  | 'missing'
  | 'multilineKey'
  | 'multipleAnchors'
  | 'multipleDocs'
  | 'multipleTags'
  | 'nonStringKey'
  | 'propOrder'
  | 'propsSpace'
  | 'scalarStart'
  | 'seqDash'
  | 'seqIndent'
  | 'tab'
  | 'tag'
  | 'tooDeep'
  | 'tooManyAliases'
  | 'tooManyNodes'
  | 'unexpected'
  | 'unknownAnchor';

/** Every other finding, worded `config.<code>`. */
export type FindingCode =
  | `yaml.${YamlFindingCode}`
  | 'duplicateKey'
  | 'tooLarge'
  // the schema
  | 'rootMustBeMap'
  | 'mustBeMap'
  | 'mustBeStringMap'
  | 'mustBeList'
  | 'mustBeStringList'
  | 'mustBeString'
  | 'mustBeQuoted'
  | 'mustBeWholeNumber'
  | 'mustBeInteger'
  | 'mustBeNumber'
  | 'mustBeBoolean'
  | 'required'
  | 'dependentRequired'
  | 'enum'
  | 'const'
  | 'duration'
  | 'agentName'
  | 'envName'
  | 'propertyName'
  | 'notEmpty'
  | 'minLength'
  | 'minimum'
  | 'maximum'
  | 'natsUrl'
  | 'hostname'
  | 'format'
  | 'pattern'
  | 'invalid'
  | 'unknownKey'
  | 'unknownKeySuggestion'
  // the meaning, beyond the schema
  | 'limitAboveAgents'
  | 'ruleForUnknownAgent'
  // the machine it runs on (found by the host)
  | 'commandNotFound'
  | 'commandMissing'
  | 'commandNotExecutable'
  | 'cwdMissing'
  | 'cwdNotFolder';

/** A value of a message; a list is worded as "a, b or c" in the message's language. */
export type FindingValue = string | number | readonly string[];

/** A problem before it is worded: 1-based line and column of the YAML node it is about. */
export interface Finding {
  line: number;
  column: number;
  warning: boolean;
  code: FindingCode;
  values: Record<string, FindingValue>;
}

/** A string of the file and where it is written. */
export interface Located {
  value: string;
  line: number;
  column: number;
}

/** What the host checks on its own machine for one agent: its command and its folder. */
export interface AgentSite {
  name: string;
  command?: Located;
  cwd?: Located;
  /** The agent's own `env.PATH`, where its command is looked up instead of the host's. */
  path?: string;
}

/** The result of checking a configuration's text, errors and warnings not yet worded. */
export interface ConfigCheck {
  /** The file's own `language` when it is one Switchboard speaks, else `en`. */
  language: 'en' | 'fr';
  findings: Finding[];
  agents: AgentSite[];
  /** The file as written (no default applied), present when no finding is an error. */
  value?: SwitchboardConfiguration;
}
