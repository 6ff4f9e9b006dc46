/**
 * `npm start`: the Switchboard host (CONTRACT.md §1). It opens and watches the configuration,
 * supervises its agents, serves the wire and the app, prints `Switchboard ready at <url>`, and on
 * SIGINT or SIGTERM stops every agent at once, then exits 0.
 */
import { exec } from 'node:child_process';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Server as TlsServer } from 'node:tls';
import { fileURLToPath } from 'node:url';
import qrcode from 'qrcode-terminal';
import { accessControl } from './access/accessControl.ts';
import { TlsMaterial } from './access/authority/TlsMaterial.ts';
import { accessLogSerializers } from './access/logSerializers.ts';
import { loadOrCreateToken } from './access/token.ts';
import { defaultLimits } from './agentDefinition.ts';
import { CliError, parseCli } from './cli.ts';
import { helpLanguage, helpText } from './cliHelp.ts';
import { locateConfig } from './config/configPath.ts';
import { parseDuration } from './config/loadConfig.ts';
import { CurrentConfig } from './config/CurrentConfig.ts';
import { RecentFiles } from './config/RecentFiles.ts';
import { destroyValidationPool, validateConfigInPool } from './config/validateConfig.ts';
import type { HostEvent } from '../schema/events.ts';
import { EventBus } from './events/EventBus.ts';
import { translate, type Language } from './i18n.ts';
import { createServer } from './server/createServer.ts';
import { reachableAddress } from './server/localNames.ts';
import { DeviceStore } from './access/DeviceStore.ts';
import { DeviceSockets } from './access/DeviceSockets.ts';
import { PairingCodes } from './access/PairingCodes.ts';
import { DeviceService } from './services/DeviceService.ts';
import { RpcDispatcher } from './server/rpcDispatcher.ts';
import { ConversationDatabase, DatabaseError } from './conversations/ConversationDatabase.ts';
import { ConversationStore } from './conversations/ConversationStore.ts';
import { ImageStore } from './conversations/ImageStore.ts';
import { peekLanguage } from './config/peekLanguage.ts';
import { LocalMesh } from './mesh/LocalMesh.ts';
import { Mesh } from './mesh/Mesh.ts';
import { MeshLog } from './mesh/MeshLog.ts';
import { MeshServer } from './mesh/MeshServer.ts';
import { scriptCommand } from './scriptCommand.ts';
import { AgentService } from './services/AgentService.ts';
import { ChatService } from './services/ChatService.ts';
import { LoginTerminals } from './services/LoginTerminals.ts';
import { InspectorService } from './services/InspectorService.ts';
import { MeshService } from './services/MeshService.ts';
import { PushService } from './services/PushService.ts';
import { openPush } from './push/openPush.ts';
import { ConfigService } from './services/ConfigService.ts';
import { privateStateDir } from './privateFiles.ts';
import { defaultConfigPath, stateDir } from './stateDirs.ts';
import { Supervisor } from './Supervisor.ts';

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const cli = (() => {
  try {
    return parseCli(process.argv.slice(2));
  } catch (error) {
    return fail(
      error instanceof CliError
        ? `${error.message}\n${translate('en', 'cli.seeHelp')}`
        : String(error),
    );
  }
})();
if (cli.help) {
  const width = Math.min(process.stdout.columns || 80, 100);
  process.stdout.write(helpText(await helpLanguage(cli.config, process.env), process.env, width));
  process.exit(0);
}

/** Filled once the configuration is open; the language follows the file. */
const host: { config?: CurrentConfig } = {};
const language = (): Language => host.config?.language ?? 'en';

const state = stateDir();
const bus = new EventBus();
const recent = new RecentFiles(join(state, 'recent.json'));
const location = await locateConfig(cli.config, process.env, await recent.list()).catch(
  (error: Error) =>
    fail(translate('en', 'cli.configError', { path: cli.config ?? '', reason: error.message })),
);

const startLanguage = await peekLanguage(location.path);
// Before anything is made in it: what an older host left open to others is its owner's again, and
// the database's write-ahead log gets the mode of the database file.
for (const line of await privateStateDir(state, startLanguage)) console.warn(line);
// Then the conversations: the database is held by one host at a time, so a second host on this
// state dir stops here, before it makes or changes anything else in it.
const database = (() => {
  // Benchmarks only: what streaming costs without the database (npm run bench).
  if (process.env.SWITCHBOARD_BENCH_NO_STORAGE === '1') return undefined;
  try {
    return ConversationDatabase.open(join(state, 'conversations.db'), {
      language: startLanguage,
      warn: (line) => console.warn(line),
    });
  } catch (error) {
    if (!(error instanceof DatabaseError)) throw error;
    return fail(error.message);
  }
})();
const token = await loadOrCreateToken(state);
// Paired devices (CONTRACT.md §9): each its own cookie, revoked one by one.
const devices = await DeviceStore.open(state);
const pairing = new PairingCodes();
const deviceSockets = new DeviceSockets();
/** This host as other devices reach it, once it listens: what pairing links start with. */
let reachableBase = '';
const deviceService = new DeviceService(
  devices,
  pairing,
  deviceSockets,
  () => reachableBase,
  language,
);

// Login terminals run here, and go when their conversation no longer shows them.
const logins = new LoginTerminals();
// Web Push to the subscribed devices (CONTRACT.md §9): filled once the conversations exist.
const push: { observe?: (event: HostEvent) => void } = {};
const publish = (event: HostEvent) => {
  logins.observe(event);
  push.observe?.(event);
  bus.publish(event);
};
/** Filled once the configuration is open: conversations belong to their file. */
const conversations = new ConversationStore({
  publish,
  ...(database ? { database } : {}),
  config: () => host.config?.current().path ?? location.path,
});

// The agent mesh: this machine alone until the configuration names channels. Its MCP server
// listens on loopback and is offered to each agent in `session/new`.
const meshTtlMs = (() => {
  try {
    return parseDuration(process.env.SWITCHBOARD_MESH_TTL ?? '10m');
  } catch (error) {
    return fail(`SWITCHBOARD_MESH_TTL: ${(error as Error).message}`);
  }
})();
const meshChanged = () => bus.publish({ name: 'mesh:changed', data: {} });
const mesh = new Mesh(
  await LocalMesh.open({
    machine: hostname(),
    file: join(state, 'mesh', 'local.json'),
    ttlMs: meshTtlMs,
  }),
  meshTtlMs,
  meshChanged,
);
const meshLog = await MeshLog.open(join(state, 'mesh', 'log.json'), (entry) =>
  bus.publish({ name: 'mesh:message', data: entry }),
);
const meshServer = await MeshServer.start(() => mesh, meshLog);
const meshBridge = scriptCommand('meshBridge');
// Filled once the supervisor exists: the supervisor forwards to it, it asks the supervisor.
const inspection: { service?: InspectorService } = {};
// Whatever an agent's cwd, its fs/* and the files a message names never reach the configurations
// or the state dir.
const ownFiles = () => [
  state,
  defaultConfigPath(),
  location.path,
  ...(host.config ? [host.config.current().path] : []),
  ...recent.known(),
];
const images = new ImageStore(database);
const webPush = await openPush(state, {
  env: process.env,
  language,
  title: (agent) => supervisor.definition(agent)?.title ?? agent,
  pending: (id) => conversations.permission(id) !== undefined,
  waiting: () => conversations.permissions().length,
}).catch((error: Error) => fail(error.message));
push.observe = (event) => webPush.sender.observe(event);
// Empty until the configuration is applied to it.
const supervisor = new Supervisor({
  definitions: [],
  limits: defaultLimits,
  language: 'en',
  emit: publish,
  conversations,
  ownFiles,
  mesh: (name) => ({ ...meshServer.admit(name), bridge: meshBridge }),
  spareWorker: true,
  inspection: {
    watched: (name) => inspection.service?.watched(name) ?? false,
    received: (name, records) => inspection.service?.received(name, records),
  },
});
inspection.service = new InspectorService(supervisor, language);
const config = await CurrentConfig.open(location, {
  supervisor,
  mesh,
  recent,
  validate: validateConfigInPool,
  emit: (event) => {
    bus.publish(event);
    if (event.name !== 'config:changed') return;
    for (const problem of event.data.problems) {
      console.log(`${event.data.path}:${problem.line}:${problem.column} ${problem.message}`);
    }
  },
}).catch((error: Error) =>
  fail(translate('en', 'cli.configError', { path: location.path, reason: error.message })),
);
host.config = config;

// The last line of defence: whatever happens, no agent process outlives the host.
process.on('exit', () => {
  supervisor.killAll();
  logins.killAll();
});

const dispatcher = new RpcDispatcher(
  {
    AgentService: new AgentService(supervisor),
    ConfigService: new ConfigService(config, recent),
    ChatService: new ChatService(
      supervisor,
      conversations,
      language,
      config,
      { images, ownFiles },
      logins,
    ),
    InspectorService: inspection.service,
    MeshService: new MeshService(mesh, meshLog),
    DeviceService: deviceService,
    PushService: new PushService(webPush.keys.publicKey, webPush.subscriptions, language),
  },
  language,
);
// With --tls: the authority and the server certificate it signs for this machine's names.
const tls = cli.tls
  ? await TlsMaterial.open({ stateDir: state, warn: (message) => console.warn(message) })
  : undefined;
const builtApp = fileURLToPath(new URL('../pwa/', import.meta.url));
const server = await createServer({
  dispatcher,
  bus,
  access: async (app) => {
    await app.register(accessControl, {
      token,
      devices,
      pairing,
      tls: cli.tls,
      allowedHosts: () => config.config.allowedHosts,
      language,
    });
  },
  // SWITCHBOARD_LOG_LEVEL=info logs every request (the token redacted); warnings only by default.
  logger: { level: process.env.SWITCHBOARD_LOG_LEVEL ?? 'warn', serializers: accessLogSerializers },
  // The app built next to this bundle; from the sources, dist/pwa; SWITCHBOARD_APP_DIR elsewhere.
  staticRoot:
    process.env.SWITCHBOARD_APP_DIR ??
    (existsSync(builtApp) ? builtApp : fileURLToPath(new URL('../../dist/pwa/', import.meta.url))),
  language,
  image: (id) => images.get(id),
  onClientGone: (client) => inspection.service?.dropClient(client),
  sockets: deviceSockets,
  ...(tls
    ? {
        https: tls.current(),
        authority: { authority: () => tls.authority, machine: () => hostname() },
      }
    : {}),
});
await server
  .listen({ host: cli.host, port: cli.port })
  .catch((error: Error) => fail(error.message));

// A new address (another network) or a certificate near its end: issued again, served at once.
const tlsCheck = tls
  ? setInterval(() => {
      void tls.refresh().then(
        (changed) => changed && (server.server as unknown as TlsServer).setSecureContext(changed),
        (error: Error) => console.warn(`TLS: ${error.message}`),
      );
    }, 60_000).unref()
  : undefined;

let quitting = false;
const quit = () => {
  if (quitting) return;
  quitting = true;
  clearInterval(tlsCheck);
  console.log(translate(language(), 'cli.stopping'));
  void Promise.all([
    server.close(),
    config.close(),
    supervisor.close().then(() => conversations.close()),
    destroyValidationPool(),
    meshServer.close().then(() => Promise.all([mesh.close(), meshLog.close()])),
  ]).then(() => {
    console.log(translate(language(), 'cli.stopped'));
    process.exit(0);
  });
};
process.on('SIGINT', quit);
process.on('SIGTERM', quit);

const address = server.server.address();
const port = typeof address === 'object' && address ? address.port : cli.port;
reachableBase = `${cli.tls ? 'https' : 'http'}://${reachableAddress(cli.host)}:${port}`;
const url = `${reachableBase}/?token=${encodeURIComponent(token)}`;
console.log(`Switchboard ready at ${url}`);
if (process.stdout.isTTY) {
  // A one-time code, not the token: a QR code photographed later pairs nothing.
  const { url: pairUrl } = deviceService.Pair();
  qrcode.generate(pairUrl, { small: true });
  console.log(translate(language(), 'cli.pairCode', { url: pairUrl }));
  if (cli.open) {
    const opener =
      process.platform === 'darwin'
        ? 'open'
        : process.platform === 'win32'
          ? 'start ""'
          : 'xdg-open';
    exec(`${opener} "${url}"`, () => {}); // no browser here (a server, SSH): the URL is printed
  }
}
