/// <reference types="vite/client" />

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

declare const __APP_VERSION__: string;

/** What the sandboxed preload exposes (src-main/preload.ts); absent in a plain browser. */
interface StudioBridge {
  api: Record<string, (request: unknown) => Promise<unknown>>;
  on: Record<string, (listener: (payload: unknown) => void) => () => void>;
}

interface Window {
  studio?: StudioBridge;
}
