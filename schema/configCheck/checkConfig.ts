/**
 * Checks a configuration's text against `schema/config.schema.json` (CONTRACT.md §2): YAML syntax,
 * duplicate keys, the schema, and a limit above the number of agents, each at the 1-based line
 * and column of its YAML node. Pure: no file system, no wording. The host adds what only its
 * machine can tell (commands on PATH, folders) and words every finding in the config's language.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { isAlias, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { SwitchboardConfiguration } from '../config.gen.ts';
import schema from '../config.schema.json' with { type: 'json' };
import type { AgentSite, ConfigCheck, Finding } from './finding.ts';
import { maxNesting, tooDeepAt } from './nesting.ts';
import { schemaFindings } from './schemaFindings.ts';
import { wordYamlError } from './yamlFindings.ts';
import { entries, formatPath, locate, locateFrom, Positions, walk } from './yamlNodes.ts';

let validator: ValidateFunction | undefined;

/** The schema compiled once (ajv's 2020-12 draft, every error, with the data each one is about). */
function validate(data: unknown): readonly ErrorObject[] {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true });
    // ajv-formats is CommonJS: under Node's ESM its plugin is `module.exports`, typed as `.default`.
    formats.default(ajv);
    validator = ajv.compile(schema);
  }
  return validator(data) ? [] : (validator.errors ?? []);
}

/**
 * Every problem of a configuration's text, not yet worded; never throws.
 *
 * @example
 * checkConfig('agents:\n  claude:\n    args: x\n').findings.map((finding) => finding.code)
 * // ['required', 'mustBeStringList']
 */
export function checkConfig(text: string): ConfigCheck {
  const lineCounter = new LineCounter();
  const positions = new Positions(text, lineCounter);
  const deep = tooDeepAt(text, lineCounter);
  if (deep !== undefined) {
    const finding: Finding = {
      ...positions.at(deep),
      warning: false,
      code: 'yaml.tooDeep',
      values: { limit: maxNesting },
    };
    return { language: 'en', findings: [finding], agents: [] };
  }
  // `logLevel: 'error'`: quiet, but 'silent' would also drop the error for a second document.
  const doc = parseDocument(text, { uniqueKeys: true, logLevel: 'error', prettyErrors: false });
  const keyPaths = duplicateKeyPaths(doc);
  const findings: Finding[] = [
    ...doc.errors.map((error) => yamlFinding(text, keyPaths, error, positions, false)),
    ...doc.warnings.map((error) => yamlFinding(text, keyPaths, error, positions, true)),
    ...unresolvedAliases(doc, positions),
  ];
  const syntaxBroken = findings.some(
    (finding) => !finding.warning && finding.code !== 'duplicateKey',
  );
  // A file that does not read as YAML has no data worth checking: its errors would be guesses.
  const data = syntaxBroken ? undefined : toData(doc, positions, findings);
  const language = languageOf(doc);
  if (data === undefined) return { language, findings, agents: [] };

  findings.push(...schemaFindings(validate(data), { doc, data, positions }));
  findings.push(...limitFindings(doc, data, positions));
  const value = findings.some((finding) => !finding.warning)
    ? undefined
    : (data as SwitchboardConfiguration);
  return {
    language,
    findings,
    agents: agentSites(doc, data, positions),
    ...(value ? { value } : {}),
  };
}

/** Where yaml found a key twice (the offset of the second key) → that key's path. */
function duplicateKeyPaths(doc: Document): Map<number, string> {
  const paths = new Map<number, string>();
  if (!doc.errors.some((error) => error.code === 'DUPLICATE_KEY')) return paths;
  for (const { node, path, role } of walk(doc)) {
    const offset = node.range?.[0];
    if (role === 'key' && offset !== undefined) paths.set(offset, formatPath(path));
  }
  return paths;
}

function yamlFinding(
  text: string,
  keyPaths: Map<number, string>,
  error: Document['errors'][number],
  positions: Positions,
  warning: boolean,
): Finding {
  const position = positions.at(error.pos[0]);
  if (error.code === 'DUPLICATE_KEY') {
    const path = keyPaths.get(error.pos[0]) ?? '';
    return { ...position, warning, code: 'duplicateKey', values: { path } };
  }
  const { code, values } = wordYamlError(error, text);
  return { ...position, warning, code: `yaml.${code}`, values };
}

/** Aliases whose anchor is not defined before them: yaml reports them only when making data. */
function unresolvedAliases(doc: Document, positions: Positions): Finding[] {
  const findings: Finding[] = [];
  for (const { node } of walk(doc)) {
    if (isAlias(node) && !node.resolve(doc)) {
      findings.push({
        ...positions.of(node),
        warning: false,
        code: 'yaml.unknownAnchor',
        values: { name: node.source },
      });
    }
  }
  return findings;
}

/** The document as data (an empty one is an empty configuration), or a finding saying why not. */
function toData(doc: Document, positions: Positions, findings: Finding[]): unknown {
  try {
    return doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (error) {
    // yaml throws a ReferenceError past `maxAliasCount`; anything else is the stack running out.
    const firstAlias = [...walk(doc)]
      .filter(({ node }) => isAlias(node))
      .sort((a, b) => (a.node.range?.[0] ?? 0) - (b.node.range?.[0] ?? 0))[0];
    const tooMany = error instanceof ReferenceError && firstAlias;
    findings.push({
      ...positions.of(tooMany ? firstAlias.node : doc.contents),
      warning: false,
      code: tooMany ? 'yaml.tooManyAliases' : 'yaml.tooDeep',
      values: tooMany ? {} : { limit: maxNesting },
    });
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The file's `language`, read from its nodes so that a file broken elsewhere still gets it. */
function languageOf(doc: Document): 'en' | 'fr' {
  const { value } = locate(doc, ['language']);
  return isScalar(value) && value.value === 'fr' ? 'fr' : 'en';
}

/** A `maxRunningAgents` written above the number of agents: the limit can never be reached. */
function limitFindings(doc: Document, data: unknown, positions: Positions): Finding[] {
  if (!isRecord(data) || !isRecord(data.limits)) return [];
  const limit = data.limits.maxRunningAgents;
  const agents = data.agents ?? {};
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || !isRecord(agents)) {
    return [];
  }
  const count = Object.keys(agents).length;
  if (limit <= count) return [];
  const { value } = locate(doc, ['limits', 'maxRunningAgents']);
  return [
    {
      ...positions.of(value),
      warning: true,
      code: 'limitAboveAgents',
      values: { path: 'limits.maxRunningAgents', limit, count },
    },
  ];
}

/** Each agent's command and folder, where they are written, for the host to look for. */
function agentSites(doc: Document, data: unknown, positions: Positions): AgentSite[] {
  if (!isRecord(data) || !isRecord(data.agents)) return [];
  // Indexed once: a large file has thousands of agents.
  const agentNodes = entries(doc, locate(doc, ['agents']).value);
  return Object.entries(data.agents).flatMap(([name, agent]) => {
    if (!isRecord(agent)) return [];
    const site: AgentSite = { name };
    const node = agentNodes.get(name)?.value as Node | null | undefined;
    const at = (key: string, value: unknown) => {
      if (typeof value !== 'string' || value === '') return undefined;
      return { value, ...positions.of(locateFrom(doc, node, [key]).value) };
    };
    const command = at('command', agent.command);
    const cwd = at('cwd', agent.cwd);
    if (command) site.command = command;
    if (cwd) site.cwd = cwd;
    if (isRecord(agent.env) && typeof agent.env.PATH === 'string') site.path = agent.env.PATH;
    return [site];
  });
}
