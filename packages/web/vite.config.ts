import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ocrAssets } from './ocr-files.ts';

export default defineConfig({
  base: '/app/',
  plugins: [react(), ocrAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // bench/web.ts reads the import graph from it to weigh what each route loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
