// Builds the web UI into dist/web (build.sh packs it into the executable). Everything the page
// needs is bundled here: no CDN, no inline script (the CSP forbids both).
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import { catalogsPlugin } from './build/catalogs-plugin.ts';
import { LANGUAGES } from './src/i18n/languages.ts';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [
    react(),
    // One chunk per language, precompiled messages (web/build/catalogs-plugin.ts).
    catalogsPlugin({ dir: join(import.meta.dirname, 'src/i18n/catalogs'), languages: LANGUAGES.map((l) => l.tag) }),
  ],
  // `npm run dev:web`: the UI with hot reload, its API calls sent on to a running palpanel.
  server: { proxy: { '/api': process.env.PALPANEL_URL ?? 'http://127.0.0.1:8080' } },
  build: {
    outDir: process.env.PALPANEL_WEB_OUT ?? '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // The polyfill would add an inline-free but needless script; every supported browser has it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 400,
  },
});
