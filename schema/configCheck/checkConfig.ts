/**
 * Checks a configuration's text against `schema/config.schema.json` (CONTRACT.md §2): YAML syntax,
 * duplicate keys, the schema, and a limit above the number of agents, each at the 1-based line
 * and column of its YAML node. Pure: no file system, no wording. The host adds what only its
 * machine can tell (commands on PATH, folders) and words every finding in the config's language.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import {
  isAlias,
  isMap,
  isScalar,
  LineCounter,
  parseDocument,
  type Document,
  type Node,
} from 'yaml';
import type { SwitchboardConfiguration } from '../config.gen.ts';
import schema from '../config.schema.json' with { type: 'json' };
import type { AgentSite, ConfigCheck, Finding } from './finding.ts';
import { isTooLarge, maxConfigBytes, maxNesting } from './limits.ts';
import { scanLimits } from './scanLimits.ts';
import { schemaFindings } from './schemaFindings.ts';
import { wordYamlError } from './yamlFindings.ts';
import {
  entries,
  formatPath,
  keyString,
  locate,
  locateFrom,
  Positions,
  walk,
} from './yamlNodes.ts';

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
  if (isTooLarge(text)) {
    const values = { limit: maxConfigBytes / 1024 };
    const finding: Finding = { line: 1, column: 1, warning: false, code: 'tooLarge', values };
    return { language: 'en', findings: [finding], agents: [] };
  }
  const lineCounter = new LineCounter();
  const positions = new Positions(text, lineCounter);
  const limit = scanLimits(text, lineCounter);
  if (limit !== undefined) {
    const finding: Finding = {
      ...positions.at(limit.offset),
      warning: false,
      code: `yaml.${limit.code}`,
      values: { limit: limit.limit },
    };
    return { language: 'en', findings: [finding], agents: [] };
  }
  // `logLevel: 'error'`: quiet, but 'silent' would also drop the error for a second document.
  // `uniqueKeys: false`: yaml compares each key with all the others before it; this is linear.
  const doc = parseDocument(text, { uniqueKeys: false, logLevel: 'error', prettyErrors: false });
  const findings: Finding[] = [
    ...doc.errors.map((error) => yamlFinding(text, error, positions, false)),
    ...doc.warnings.map((error) => yamlFinding(text, error, positions, true)),
    ...unresolvedAliases(doc, positions),
  ];
  const syntaxBroken = findings.some((finding) => !finding.warning);
  findings.push(...duplicateKeys(doc, positions));
  // A file that does not read as YAML has no data worth checking: its errors would be guesses.
  const data = syntaxBroken ? undefined : toData(doc, positions, findings);
  const language = languageOf(doc);
  if (data === undefined) return { language, findings, agents: [] };

  findings.push(...schemaFindings(validate(data), { doc, data, positions }));
  findings.push(...limitFindings(doc, data, positions));
  findings.push(...ruleFindings(doc, data, positions));
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

/** Keys written twice in one map (the same scalar value, as yaml compares them), at the second. */
function duplicateKeys(doc: Document, positions: Positions): Finding[] {
  const findings: Finding[] = [];
  for (const { node, path } of walk(doc)) {
    if (!isMap(node)) continue;
    const seen = new Set<unknown>();
    for (const { key } of node.items) {
      if (!isScalar(key)) continue;
      if (seen.has(key.value)) {
        const values = { path: formatPath([...path, keyString(key) ?? '?']) };
        findings.push({ ...positions.of(key), warning: false, code: 'duplicateKey', values });
      }
      seen.add(key.value);
    }
  }
  return findings;
}

function yamlFinding(
  text: string,
  error: Document['errors'][number],
  positions: Positions,
  warning: boolean,
): Finding {
  const { code, values } = wordYamlError(error, text);
  return { ...positions.at(error.pos[0]), warning, code: `yaml.${code}`, values };
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

/** A permission rule for an agent the file does not have: it can never answer anything. */
function ruleFindings(doc: Document, data: unknown, positions: Positions): Finding[] {
  if (!isRecord(data) || !Array.isArray(data.permissions)) return [];
  const agents = isRecord(data.agents) ? data.agents : {};
  return data.permissions.flatMap((rule: unknown, index): Finding[] => {
    if (!isRecord(rule) || typeof rule.agent !== 'string' || Object.hasOwn(agents, rule.agent)) {
      return [];
    }
    const { value } = locate(doc, ['permissions', String(index), 'agent']);
    const path = `permissions[${index}].agent`;
    return [
      {
        ...positions.of(value),
        warning: true,
        code: 'ruleForUnknownAgent',
        values: { path, agent: rule.agent },
      },
    ];
  });
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
