import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The static pages' modules (site script, form islands) are built with `?worker&url`: as ES modules,
  // so a form island can load its validation and phone mask later as separate chunks (ADR 005).
  worker: { format: 'es' },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
