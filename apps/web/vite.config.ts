import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // zod without eval, set before any schema is built (see the module).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/shared/zod-jitless.ts', import.meta.url)) }] },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/refreshtoken': apiTarget,
      '/user': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/, priority: 28 },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 27 },
          ],
        },
      },
    },
  },
});
