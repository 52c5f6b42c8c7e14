import { defineConfig } from 'vite';

/**
 * Compiles the Node entry points (the server and the database commands) to plain JavaScript in
 * build/node/, so production runs them with `node` and needs no TypeScript loader. Packages stay
 * external (imported from node_modules at run time); only this project's own code is bundled.
 * The React app itself is built by `react-router build` (vite.config.ts) into build/server and build/client.
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'build/node',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: { index: 'server/index.ts', 'db-cli': 'cli/db.ts', 'geo-import': 'cli/geo-import.ts', 'storage-copy': 'cli/storage-copy.ts' },
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
