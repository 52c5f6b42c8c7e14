import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Form islands run on Preact's React-compatible layer in the browser (about 11 KB gzipped instead of
 * React DOM's 58 KB): the server still renders them with React, and the island hydrates that markup.
 * Only the islands' bundles (the `?worker&url` builds) are affected; the admin keeps React.
 */
const REACT_TO_PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};
function preactIslands(): Plugin {
  return {
    name: 'preact-islands',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = REACT_TO_PREACT[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

export default defineConfig({
  plugins: [reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The static pages' modules (site script, form islands) are built with `?worker&url`: as ES modules,
  // so a form island can load its validation and phone mask later as separate chunks (ADR 005).
  worker: { format: 'es', plugins: () => [preactIslands()] },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
