/**
 * The PWA's entry: one `HostStore` for the page, connected to the host that served it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { HostStore } from './connection/HostStore.ts';
import { HostContext } from './connection/useHost.ts';
import { startNotifications } from './notifications/startNotifications.ts';
import { registerServiceWorker } from './shell/serviceWorker.ts';
import './styles.css';

const store = new HostStore();
store.start();
registerServiceWorker();
startNotifications(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HostContext.Provider value={store}>
      <App />
    </HostContext.Provider>
  </StrictMode>,
);
