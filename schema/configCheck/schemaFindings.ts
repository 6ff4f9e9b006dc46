/**
 * The JSON Schema's verdict as findings: each ajv error becomes a message of `locales/` about the
 * YAML node it concerns, never ajv's own text. Unknown keys are warnings (the schema forbids them
 * so that editors flag them; Switchboard ignores them).
 */
import type { ErrorObject } from 'ajv';
import type { Document } from 'yaml';
import type { Finding, FindingCode, FindingValue } from './finding.ts';
import { formatPath, isEmpty, locate, pointerSegments, type Positions } from './yamlNodes.ts';

interface Context {
  doc: Document;
  data: unknown;
  positions: Positions;
}

type Anchor = 'value' | 'key' | 'map';

interface Mapped {
  code: FindingCode;
  values?: Record<string, FindingValue>;
  anchor?: Anchor;
  /** A key below the error's path that the finding is about (an unknown or a misnamed key). */
  child?: string;
  /** Whether the path shown names `child` (an unknown key) or stops at its map (a misnamed one). */
  showChild?: boolean;
  warning?: boolean;
}

/** Findings for ajv's errors (ajv run with `allErrors` and `verbose`). */
export function schemaFindings(errors: readonly ErrorObject[], context: Context): Finding[] {
  return errors.flatMap((error) => {
    const mapped = mapError(error);
    if (!mapped) return [];
    const segments = pointerSegments(error.instancePath, context.data);
    const path = [...segments, ...(mapped.child === undefined ? [] : [mapped.child])];
    const position = context.positions.of(anchorNode(context.doc, path, mapped.anchor ?? 'value'));
    const shown = mapped.showChild === false ? segments : path;
    return [
      {
        ...position,
        warning: mapped.warning ?? false,
        code: mapped.code,
        values: { path: formatPath(shown), ...mapped.values },
      },
    ];
  });
}

function anchorNode(doc: Document, path: readonly (string | number)[], anchor: Anchor) {
  const found = locate(doc, path.map(String));
  if (anchor === 'key') return found.key ?? found.value ?? found.nearest;
  if (anchor === 'map') return found.value ?? found.nearest;
  return isEmpty(found.value) ? (found.key ?? found.nearest) : found.value;
}

const typeNames = (params: Record<string, unknown>): string[] => String(params.type).split(',');

function mapError(error: ErrorObject): Mapped | undefined {
  const { keyword, params, parentSchema, schemaPath } = error;
  // The pattern a property name failed is reported again by `propertyNames`, worded there.
  if (error.propertyName !== undefined) return undefined;
  if (schemaPath.startsWith('#/$defs/duration/')) return { code: 'duration' };
  switch (keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = (parentSchema?.properties ?? {}) as Record<string, unknown>;
      const suggestion = closest(key, Object.keys(known));
      return {
        code: suggestion ? 'unknownKeySuggestion' : 'unknownKey',
        values: suggestion ? { suggestion } : {},
        anchor: 'key',
        child: key,
        warning: true,
      };
    }
    case 'required':
      return { code: 'required', values: { key: String(params.missingProperty) }, anchor: 'map' };
    case 'dependentRequired':
      return {
        code: 'dependentRequired',
        values: { key: String(params.property), missing: String(params.missingProperty) },
        anchor: 'map',
      };
    case 'propertyNames': {
      const name = String(params.propertyName);
      const code: FindingCode = schemaPath.startsWith('#/properties/agents/')
        ? 'agentName'
        : schemaPath.startsWith('#/$defs/agent/properties/env/')
          ? 'envName'
          : 'propertyName';
      return { code, values: { name }, anchor: 'key', child: name, showChild: false };
    }
    case 'type':
      return typeError(error);
    case 'minimum':
      return parentSchema?.type === 'integer'
        ? { code: 'mustBeWholeNumber', values: { minimum: Number(params.limit) } }
        : { code: 'minimum', values: { limit: Number(params.limit) } };
    case 'maximum':
      return { code: 'maximum', values: { limit: Number(params.limit) } };
    case 'enum':
      return { code: 'enum', values: { values: (params.allowedValues as unknown[]).map(String) } };
    case 'const':
      return { code: 'const', values: { value: String(params.allowedValue) } };
    case 'minLength':
      return params.limit === 1
        ? { code: 'notEmpty' }
        : { code: 'minLength', values: { limit: Number(params.limit) } };
    case 'pattern':
      return schemaPath === '#/$defs/channel/properties/nats/pattern'
        ? { code: 'natsUrl' }
        : { code: 'pattern' };
    case 'format':
      return params.format === 'hostname'
        ? { code: 'hostname' }
        : { code: 'format', values: { format: String(params.format) } };
    default:
      return { code: 'invalid' };
  }
}

function typeError({ instancePath, params, parentSchema, data }: ErrorObject): Mapped {
  const [expected] = typeNames(params);
  const items = parentSchema?.items as { type?: unknown } | undefined;
  const values = parentSchema?.additionalProperties as { type?: unknown } | undefined;
  switch (expected) {
    case 'object':
      if (instancePath === '') return { code: 'rootMustBeMap' };
      return { code: values?.type === 'string' ? 'mustBeStringMap' : 'mustBeMap' };
    case 'array':
      return { code: items?.type === 'string' ? 'mustBeStringList' : 'mustBeList' };
    case 'string':
      return typeof data === 'number' || typeof data === 'boolean'
        ? { code: 'mustBeQuoted', values: { value: String(data) } }
        : { code: 'mustBeString' };
    case 'integer':
      return typeof parentSchema?.minimum === 'number'
        ? { code: 'mustBeWholeNumber', values: { minimum: parentSchema.minimum } }
        : { code: 'mustBeInteger' };
    case 'number':
      return { code: 'mustBeNumber' };
    case 'boolean':
      return { code: 'mustBeBoolean' };
    default:
      return { code: 'invalid' };
  }
}

/** The known key a mistyped one most likely meant: at most 2 edits away, case aside. */
export function closest(key: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase());
    if (
      distance <= Math.min(2, Math.floor(name.length / 2)) &&
      (!best || distance < best.distance)
    ) {
      best = { name, distance };
    }
  }
  return best?.name;
}

/** Levenshtein distance, with the transposition of two neighbours counted as one edit. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]![j]!;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, at(i - 2, j - 2) + 1);
      }
      rows[i]![j] = distance;
    }
  }
  return at(a.length, b.length);
}
