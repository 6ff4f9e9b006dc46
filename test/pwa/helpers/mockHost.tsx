/**
 * The host, stood in for by msw in component tests: the app's WebSocket is answered by a table
 * of JSON-RPC methods, and a test pushes events as the host would. The real `HostStore` runs
 * against it, so components are tested with the app's own data flow.
 */
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { HostEvent } from '../../../schema/events.ts';
import type { InspectNotification } from '../../../schema/inspector.ts';
import { HostStore } from '../../../pwa/src/connection/HostStore.ts';
import { HostContext } from '../../../pwa/src/connection/useHost.ts';
import { I18nProvider } from '../../../pwa/src/i18n.tsx';

/**
 * A method's answer: a value, or `{ error: { code, message, data: { kind } } }` for a JSON-RPC
 * error.
 */
type Answer = unknown;

export type Methods = Record<string, (params: unknown[]) => Answer>;

const origin = 'http://localhost:3000';
const socket = ws.link('ws://localhost:3000/api/ws*');

const server = setupServer();
const stores = new Set<HostStore>();

/**
 * Starts msw for the file, and cleans up after each test (the app's stores, msw's handlers and the
 * device's storage); call once at the top of a test file.
 */
export function useMockHost(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    for (const store of stores) store.stop();
    stores.clear();
    server.resetHandlers();
    localStorage.clear(); // what the app remembers on the device (the last agent chatted with)
  });
  afterAll(() => server.close());
}

export interface MockHost {
  /** Every call the app made, in order. */
  calls: { method: string; params: unknown[] }[];
  /** Sends an event to the app, with the next seq. */
  emit(event: HostEvent): void;
  /** Sends an `inspect` notification (inspection records of a watched agent). */
  inspect(notification: InspectNotification): void;
  /** Replaces or adds methods. */
  answer(methods: Methods): void;
  /** The URL of each socket the app opened, in order. */
  urls: string[];
  /** Closes the app's sockets, as a host that went away would. */
  disconnect(): void;
}

/** Defaults for the snapshots the app loads when it connects. */
export const defaultMethods: Methods = {
  'AgentService.List': () => [],
  'ChatService.Permissions': () => [],
  'ConfigService.Current': () => ({
    path: '/home/user/.config/switchboard/config.yaml',
    source: 'default',
    created: false,
    valid: true,
    problems: [],
    warnings: [],
    theme: 'light',
    language: 'en',
    channels: [],
  }),
};

/** Installs a host answering `methods` (over the defaults). */
export function mockHost(methods: Methods = {}): MockHost {
  const table: Methods = { ...defaultMethods, ...methods };
  const calls: MockHost['calls'] = [];
  const clients = new Set<{ send: (data: string) => void; close: () => void }>();
  const urls: string[] = [];
  let seq = 0;
  server.use(
    socket.addEventListener('connection', ({ client }) => {
      clients.add(client);
      urls.push(client.url.toString());
      client.addEventListener('message', (message) => {
        void (async () => {
          const request = JSON.parse(message.data as string) as {
            id: number;
            method: string;
            params: unknown[];
          };
          calls.push({ method: request.method, params: request.params });
          const handler = table[request.method];
          const answer: unknown = handler
            ? await handler(request.params)
            : { error: { code: -32601, message: `no ${request.method} in this test` } };
          const isError = typeof answer === 'object' && answer !== null && 'error' in answer;
          client.send(
            JSON.stringify(
              isError
                ? { jsonrpc: '2.0', id: request.id, ...answer }
                : { jsonrpc: '2.0', id: request.id, result: answer ?? null },
            ),
          );
        })();
      });
      client.addEventListener('close', () => clients.delete(client));
    }),
    http.post(`${origin}/api/rpc`, () => HttpResponse.json({}, { status: 200 })),
  );
  return {
    calls,
    urls,
    emit(event) {
      seq += 1;
      const frame = JSON.stringify({ jsonrpc: '2.0', method: 'event', params: { seq, ...event } });
      for (const client of clients) client.send(frame);
    },
    inspect(notification) {
      const frame = JSON.stringify({ jsonrpc: '2.0', method: 'inspect', params: notification });
      for (const client of clients) client.send(frame);
    },
    answer(more) {
      Object.assign(table, more);
    },
    disconnect() {
      for (const client of clients) client.close();
    },
  };
}

/** Renders `ui` inside the app's providers, with a real `HostStore` connected to the mock host. */
export function renderWithHost(
  ui: ReactElement,
  language: 'en' | 'fr' = 'en',
): RenderResult & { store: HostStore } {
  const store = new HostStore(new URL(`${origin}/`));
  store.start();
  stores.add(store);
  // A wrapper, so that `rerender` keeps the providers.
  const result = render(ui, {
    wrapper: ({ children }) => (
      <HostContext.Provider value={store}>
        <I18nProvider language={language}>{children}</I18nProvider>
      </HostContext.Provider>
    ),
  });
  return Object.assign(result, { store });
}
