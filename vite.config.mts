import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer is loaded from file:// in Electron and from the harness over http, so asset URLs are relative.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: false, target: 'chrome130' },
});
