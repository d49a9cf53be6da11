import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

const version = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')).version as string;
const alias = { '@shared': resolve(__dirname, 'src-main/shared') };

export default defineConfig({
  main: {
    resolve: { alias },
    define: { __APP_VERSION__: JSON.stringify(version) },
    build: {
      outDir: 'out/main',
      // Electron's entry and the headless CLI (also `serve`) share the services but not the shell.
      // The run worker is its own entry: worker threads load it by file name.
      lib: {
        entry: {
          index: resolve(__dirname, 'src-main/index.ts'),
          cli: resolve(__dirname, 'src-main/cli.ts'),
          runWorker: resolve(__dirname, 'src-main/runner/runWorker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      lib: { entry: { index: resolve(__dirname, 'src-main/preload.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias },
    plugins: [vue()],
    define: { __APP_VERSION__: JSON.stringify(version) },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
