import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The contract is read from its TypeScript source (no build step needed for the web app).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['keel-source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Routes are split by their dynamic imports. The entry chunk is mostly react-dom and
    // react-router (~300 kB minified together), so the warning is set just above today's entry.
    chunkSizeWarningLimit: 480,
    rolldownOptions: {
      treeshake: {
        // Building a zod schema has no side effects. Saying so lets the bundler drop the schemas a
        // chunk never uses, so importing a constant from the contract no longer drags zod into the
        // first-load bundle. (Never call z.config() at module level in this app: it would be dropped.)
        manualPureFunctions: ['z'],
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src/, sideEffects: false }],
      },
    },
  },
});
