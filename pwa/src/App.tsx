import { lazy, Suspense } from 'react';
import { AgentsScreen } from './agents/AgentsScreen.tsx';
import { useHost } from './connection/useHost.ts';
import { I18nProvider } from './i18n.tsx';
import { FreezeBanner } from './mesh/FreezeBanner.tsx';
import { MeshScreen } from './mesh/MeshScreen.tsx';
import { PairPage } from './pairing/PairPage.tsx';
import { PairingScreen } from './pairing/PairingScreen.tsx';
import { ConnectionBanner } from './shell/ConnectionBanner.tsx';
import { TopBar } from './shell/TopBar.tsx';
import { UpdatePrompt } from './shell/UpdatePrompt.tsx';
import { useRoute } from './shell/useRoute.ts';
import { useTheme } from './shell/useTheme.ts';
import { useConnection } from './connection/useConnection.ts';

// The conversation view brings Markdown and highlighting: loaded when first opened.
const ChatScreen = lazy(() =>
  import('./chat/ChatScreen.tsx').then((module) => ({ default: module.ChatScreen })),
);

// The settings bring the YAML editor's parser and the pairing QR codes: loaded when first opened.
const SettingsScreen = lazy(() =>
  import('./settings/SettingsScreen.tsx').then((module) => ({ default: module.SettingsScreen })),
);

// The inspector brings the graph layout (elkjs): loaded when first opened.
const InspectorScreen = lazy(() =>
  import('./inspector/InspectorScreen.tsx').then((module) => ({
    default: module.InspectorScreen,
  })),
);

/** The whole app: the top bar, the connection's state, and the screen the route names. */
export function App() {
  const config = useHost((state) => state.config);
  const language = config?.language ?? (navigator.language.startsWith('fr') ? 'fr' : 'en');
  useTheme(config?.theme ?? 'system');
  return (
    <I18nProvider language={language}>
      <Screens />
    </I18nProvider>
  );
}

function Screens() {
  const connection = useConnection();
  const [route, navigate] = useRoute();
  // A pairing code's link: this device is being paired, whatever it was before.
  if (location.pathname === '/pair') return <PairPage />;
  if (connection === 'unpaired') return <PairingScreen />;
  return (
    <div className="app">
      <TopBar route={route} navigate={navigate} />
      <ConnectionBanner />
      <FreezeBanner
        onOpen={route.screen === 'mesh' ? undefined : () => navigate({ screen: 'mesh' })}
      />
      <UpdatePrompt />
      <main className="screen">
        {route.screen === 'agents' && <AgentsScreen navigate={navigate} />}
        {route.screen === 'chat' && (
          <Suspense fallback={null}>
            <ChatScreen agent={route.agent} navigate={navigate} />
          </Suspense>
        )}
        {route.screen === 'mesh' && <MeshScreen />}
        {route.screen === 'settings' && (
          <Suspense fallback={null}>
            <SettingsScreen />
          </Suspense>
        )}
        {route.screen === 'inspector' && (
          <Suspense fallback={null}>
            <InspectorScreen agent={route.agent} navigate={navigate} />
          </Suspense>
        )}
      </main>
    </div>
  );
}
