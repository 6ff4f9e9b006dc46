import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cspNoncePlaceholder } from '../schema/cspNonce.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * `push-handler.js`, the service worker's Web Push and notification clicks (`sw/pushHandler.ts`),
 * bundled as one classic script for the Workbox service worker's `importScripts`: same origin, so
 * the CSP's `script-src 'self'` lets it in.
 */
const pushHandler = (): Plugin => ({
  name: 'switchboard-push-handler',
  apply: 'build',
  async generateBundle() {
    // Imported here: Vite bundles this file, and esbuild must stay the package it is.
    const { build: bundle } = await import('esbuild');
    const result = await bundle({
      entryPoints: [fileURLToPath(new URL('./sw/pushHandler.ts', import.meta.url))],
      bundle: true,
      format: 'iife',
      target: 'es2022',
      minify: true,
      write: false,
    });
    this.emitFile({
      type: 'asset',
      fileName: 'push-handler.js',
      source: result.outputFiles[0]!.text,
    });
  },
});

/**
 * The conversation view is a chunk of its own (`App.tsx` loads it lazily), yet it is what most
 * opens show: the page fetches and parses it with the app's entry, not after the app's first
 * render asked for it (issue 17: ~100–250 ms of an open's critical path on 2 cores).
 */
const preloadChatScreen = (): Plugin => ({
  name: 'switchboard-preload-chat-screen',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      const chunk = Object.values(bundle ?? {}).find(
        (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/ChatScreen.tsx'),
      );
      if (chunk?.type !== 'chunk') throw new Error('vite: no ChatScreen chunk to preload');
      const css = [...(chunk.viteMetadata?.importedCss ?? [])];
      return [
        ...[chunk.fileName, ...chunk.imports]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              href: `/${file}`,
              nonce: cspNoncePlaceholder,
            },
            injectTo: 'head' as const,
          })),
        ...css.map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'style',
            crossorigin: true,
            href: `/${file}`,
            nonce: cspNoncePlaceholder,
          },
          injectTo: 'head' as const,
        })),
      ];
    },
  },
});

/** The PWA, built into dist/pwa, which the host serves. */
export default defineConfig({
  root,
  // Each build is a version of its own: a new one makes the service worker offer to reload.
  define: { __APP_BUILD__: JSON.stringify(new Date().toISOString()) },
  base: '/',
  // The host replaces it with each response's nonce (host/server/securityHeaders.ts).
  html: { cspNonce: cspNoncePlaceholder },
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('../dist/pwa', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // Names kept for a profile (`NO_MINIFY=1 npm run build`).
    minify: !process.env.NO_MINIFY,
    chunkSizeWarningLimit: 2048,
    // Rolldown's warning that plugins took most of the build: the service worker's Workbox build
    // (closeBundle) does, by design, and it printed a screen before the host's ready line. Its
    // other checks stay on.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  worker: {
    format: 'es',
    plugins: () => [
      {
        // A worker has no `document`: the entity decoder of the Markdown parser (markdownWorker.ts)
        // in its plain build, not the browser one, which decodes with an element.
        name: 'entity-decoder-without-document',
        enforce: 'pre',
        resolveId: (source) =>
          source === 'decode-named-character-reference'
            ? fileURLToPath(import.meta.resolve(source))
            : undefined,
      },
    ],
  },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:7777', ws: true } } },
  plugins: [
    react(),
    pushHandler(),
    preloadChatScreen(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Switchboard',
        short_name: 'Switchboard',
        description: 'Run and supervise your coding agents',
        theme_color: '#1f6feb',
        background_color: '#0d1117',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        // The app shell opens offline; the API, a pairing link (`?token=`) and the authority's
        // files (`/ca.crt`, `/ca.mobileconfig`, opened as pages on iPadOS) always reach the host.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /[?&]token=/, /^\/ca\./],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // Web Push and notification clicks (issue 16 item 3).
        importScripts: ['/push-handler.js'],
      },
    }),
  ],
});
