/**
 * Elicitations on the wire (CONTRACT.md §7): an agent asks the user for input (ACP's
 * `elicitation/create`), as a form built from a small JSON Schema or as a link to open.
 * See https://agentclientprotocol.com/protocol/v1/elicitation
 */

/** A choice of a `string` property's `oneOf`, or a multi-select's `anyOf`. */
export interface ElicitationChoice {
  const: string;
  title: string;
}

/** One property of a form: ACP's `ElicitationPropertySchema`, what Switchboard keeps of it. */
export type ElicitationProperty = { title?: string; description?: string } & (
  | {
      type: 'string';
      minLength?: number;
      maxLength?: number;
      format?: 'email' | 'uri' | 'date' | 'date-time';
      default?: string;
      enum?: string[];
      oneOf?: ElicitationChoice[];
    }
  | { type: 'number' | 'integer'; minimum?: number; maximum?: number; default?: number }
  | { type: 'boolean'; default?: boolean }
  | {
      type: 'array';
      minItems?: number;
      maxItems?: number;
      items: { enum: string[] } | { anyOf: ElicitationChoice[] };
      default?: string[];
    }
);

/** A form's schema: a flat object of properties, some required. */
export interface ElicitationSchema {
  type: 'object';
  title?: string;
  description?: string;
  properties: Record<string, ElicitationProperty>;
  required: string[];
}

/** What a form's answer holds, by property. */
export type ElicitationContent = Record<string, string | number | boolean | string[]>;

/** `elicitation:requested`, and `Conversation().elicitations`. */
export interface ElicitationView {
  id: string;
  agent: string;
  mode: 'form' | 'url';
  message: string;
  /** A form's. */
  schema?: ElicitationSchema;
  /** A link's (`http:` or `https:` only). */
  url?: string;
}

export interface ElicitationResolvedEvent {
  id: string;
  agent: string;
}

export type ElicitationAction = 'accept' | 'decline' | 'cancel';

/** The values a property may take, as `{const, title}`: its `enum`, `oneOf` or items'. */
export function choicesOf(property: ElicitationProperty): ElicitationChoice[] | undefined {
  if (property.type === 'string') {
    return property.oneOf ?? property.enum?.map((value) => ({ const: value, title: value }));
  }
  if (property.type === 'array') {
    const { items } = property;
    return 'anyOf' in items
      ? items.anyOf
      : items.enum.map((value) => ({ const: value, title: value }));
  }
  return undefined;
}

/** Why an answer does not fit its form. */
export type AnswerProblem =
  | 'not-in-form'
  | 'missing'
  | 'wrong-type'
  | 'not-a-choice'
  | 'too-short'
  | 'too-long'
  | 'too-small'
  | 'too-large'
  | 'too-few'
  | 'too-many';

/** Why `value` does not fit `property`; `undefined` when it fits. */
function misfit(property: ElicitationProperty, value: unknown): AnswerProblem | undefined {
  const allowed = choicesOf(property)?.map((choice) => choice.const);
  switch (property.type) {
    case 'string':
      if (typeof value !== 'string') return 'wrong-type';
      if (allowed && !allowed.includes(value)) return 'not-a-choice';
      if (property.minLength !== undefined && value.length < property.minLength) return 'too-short';
      if (property.maxLength !== undefined && value.length > property.maxLength) return 'too-long';
      return undefined;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'wrong-type';
      if (property.type === 'integer' && !Number.isInteger(value)) return 'wrong-type';
      if (property.minimum !== undefined && value < property.minimum) return 'too-small';
      if (property.maximum !== undefined && value > property.maximum) return 'too-large';
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'wrong-type';
    case 'array':
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
        return 'wrong-type';
      }
      if (value.some((item) => !allowed?.includes(item))) return 'not-a-choice';
      if (property.minItems !== undefined && value.length < property.minItems) return 'too-few';
      if (property.maxItems !== undefined && value.length > property.maxItems) return 'too-many';
      return undefined;
  }
}

/**
 * Whether `content` answers `schema`: every required property there, each one fitting its type,
 * choices and bounds, and no property the form does not have. The first problem as
 * `{name, reason}`; `undefined` when it answers.
 */
export function checkAnswer(
  schema: ElicitationSchema,
  content: Readonly<Record<string, unknown>>,
): { name: string; reason: AnswerProblem } | undefined {
  for (const name of Object.keys(content)) {
    if (!Object.hasOwn(schema.properties, name)) return { name, reason: 'not-in-form' };
  }
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!Object.hasOwn(content, name)) {
      if (schema.required.includes(name)) return { name, reason: 'missing' };
      continue;
    }
    const reason = misfit(property, content[name]);
    if (reason) return { name, reason };
  }
  return undefined;
}
