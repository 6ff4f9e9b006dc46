import type { CreateElicitationRequest, CreateElicitationResponse } from '@agentclientprotocol/sdk';
import type {
  ElicitationAction,
  ElicitationChoice,
  ElicitationContent,
  ElicitationProperty,
  ElicitationSchema,
  ElicitationView,
} from '../schema/elicitation.ts';
import type { ConversationEvent } from '../schema/conversation.ts';
import { failed, type Result } from '../schema/result.ts';
import type { Say } from '../locales/translate.ts';

/**
 * The most of an agent's request that is kept: it is shown to the user, and not trusted. A text
 * the user reads (a title, a description, the message) is cut; a value that goes back to the agent
 * (a property's name, a choice, a default, a link's id) is dropped when longer, never cut into one
 * the agent did not offer. `form` bounds the properties' JSON in all: what is past it is dropped.
 */
const limits = { properties: 30, text: 2000, choices: 100, url: 2000, form: 100_000 };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value.slice(0, limits.text) : undefined;
const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
/** A value sent back as the agent gave it, if within the limit. */
const given = (raw: unknown) =>
  typeof raw === 'string' && raw.length <= limits.text ? raw : undefined;
const strings = (raw: unknown) =>
  Array.isArray(raw)
    ? raw.filter((item): item is string => given(item) !== undefined).slice(0, limits.choices)
    : undefined;
const choices = (value: unknown): ElicitationChoice[] | undefined =>
  Array.isArray(value)
    ? value
        .filter(isRecord)
        .filter((choice) => given(choice.const) !== undefined)
        .slice(0, limits.choices)
        .map((choice) => ({
          const: String(choice.const),
          title: text(choice.title) ?? String(choice.const),
        }))
    : undefined;

/** Drops what is undefined: the view is sent as JSON, and compared in tests. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

/** One property as Switchboard keeps it, or `undefined` for a type it cannot show. */
function property(raw: unknown): ElicitationProperty | undefined {
  if (!isRecord(raw)) return undefined;
  const shared = { title: text(raw.title), description: text(raw.description) };
  const formats = ['email', 'uri', 'date', 'date-time'] as const;
  switch (raw.type) {
    case 'string':
      return defined({
        ...shared,
        type: 'string' as const,
        minLength: count(raw.minLength),
        maxLength: count(raw.maxLength),
        format: formats.find((format) => format === raw.format),
        default: given(raw.default),
        enum: strings(raw.enum),
        oneOf: choices(raw.oneOf),
      });
    case 'number':
    case 'integer':
      return defined({
        ...shared,
        type: raw.type,
        minimum: count(raw.minimum),
        maximum: count(raw.maximum),
        default: count(raw.default),
      });
    case 'boolean':
      return defined({
        ...shared,
        type: 'boolean' as const,
        default: typeof raw.default === 'boolean' ? raw.default : undefined,
      });
    case 'array': {
      const items = isRecord(raw.items) ? raw.items : {};
      const anyOf = choices(items.anyOf);
      const listed = strings(items.enum);
      if (!anyOf && !listed) return undefined;
      return defined({
        ...shared,
        type: 'array' as const,
        minItems: count(raw.minItems),
        maxItems: count(raw.maxItems),
        items: anyOf ? { anyOf } : { enum: listed! },
        default: strings(raw.default),
      });
    }
    default:
      return undefined;
  }
}

/** A form's schema as Switchboard keeps it: known property types only, within the limits. */
function formSchema(raw: unknown): ElicitationSchema {
  const source = isRecord(raw) ? raw : {};
  const properties: Record<string, ElicitationProperty> = {};
  let size = 0;
  for (const [name, raw] of Object.entries(isRecord(source.properties) ? source.properties : {})
    .filter(([name]) => given(name) !== undefined)
    .slice(0, limits.properties)) {
    const kept = property(raw);
    if (!kept) continue;
    size += name.length + JSON.stringify(kept).length;
    if (size > limits.form) break;
    properties[name] = kept;
  }
  const required = (strings(source.required) ?? []).filter((name) =>
    Object.hasOwn(properties, name),
  );
  return defined({
    type: 'object',
    title: text(source.title),
    description: text(source.description),
    properties,
    required,
  });
}

/** A link the user may be sent to: `http:` or `https:` only. */
function safeUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > limits.url || !URL.canParse(raw)) return undefined;
  const url = new URL(raw);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

interface Pending {
  view: ElicitationView;
  /** A link's, to match `elicitation/complete`. */
  elicitationId: string | undefined;
  resolve: (response: CreateElicitationResponse) => void;
  reject: (reason: unknown) => void;
}

/**
 * The elicitations of a conversation that wait for the user (ACP's `elicitation/create`): each
 * answered once — accepted (a form's content, or consent to open a link), declined or cancelled —
 * or withdrawn by the agent. It emits `elicitation:requested` and `elicitation:resolved`.
 */
export class PendingElicitations {
  readonly #pending = new Map<string, Pending>();

  constructor(
    private readonly agent: string,
    private readonly emit: (event: ConversationEvent) => void,
    private readonly newId: () => string,
    private readonly say: Say,
  ) {}

  /** The agent's request, shown; `cancel` at once for a mode Switchboard does not show. */
  ask(request: CreateElicitationRequest, signal?: AbortSignal): Promise<CreateElicitationResponse> {
    const base = { id: this.newId(), agent: this.agent, message: text(request.message) ?? '' };
    const url = request.mode === 'url' ? safeUrl((request as { url?: unknown }).url) : undefined;
    let view: ElicitationView;
    if (request.mode === 'form') {
      const requested = (request as { requestedSchema?: unknown }).requestedSchema;
      view = { ...base, mode: 'form', schema: formSchema(requested) };
    } else if (url) view = { ...base, mode: 'url', url };
    else return Promise.resolve({ action: 'cancel' });
    const elicitationId =
      request.mode === 'url'
        ? given((request as { elicitationId?: unknown }).elicitationId)
        : undefined;
    const answer = new Promise<CreateElicitationResponse>((resolve, reject) =>
      this.#pending.set(view.id, { view, elicitationId, resolve, reject }),
    );
    this.emit({ name: 'elicitation:requested', data: view });
    signal?.addEventListener('abort', () => this.#settle(view.id)?.reject(signal.reason));
    return answer;
  }

  /** `ChatService.AnswerElicitation`: `content` is a form's, once checked by the host. */
  answer(id: string, action: ElicitationAction, content?: ElicitationContent): Result<void> {
    const pending = this.#settle(id);
    if (!pending) return failed('not-found', this.say('error.unknownElicitation', { id }));
    const accepted = pending.view.mode === 'form' ? { action, content: content ?? {} } : { action };
    pending.resolve(action === 'accept' ? accepted : { action });
    return { ok: true, value: undefined };
  }

  /** `elicitation/complete`: the link's flow is over; if it still waits, it waits no more. */
  complete(elicitationId: string): void {
    for (const [id, pending] of this.#pending) {
      if (pending.elicitationId === elicitationId) this.#settle(id)?.resolve({ action: 'accept' });
    }
  }

  /** Every one still waiting is answered `cancel` (Cancel, the end of the agent's run). */
  cancelAll(): void {
    for (const id of [...this.#pending.keys()]) this.#settle(id)?.resolve({ action: 'cancel' });
  }

  /** The same, without a word to the clients: the conversation is being replaced. */
  abandon(): void {
    for (const { resolve } of this.#pending.values()) resolve({ action: 'cancel' });
    this.#pending.clear();
  }

  #settle(id: string): Pending | undefined {
    const pending = this.#pending.get(id);
    if (!pending) return undefined;
    this.#pending.delete(id);
    this.emit({ name: 'elicitation:resolved', data: { id, agent: this.agent } });
    return pending;
  }
}
