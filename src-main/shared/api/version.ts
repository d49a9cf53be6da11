declare const __APP_VERSION__: string | undefined;

/** The studio's version, from package.json at build time ("dev" when run from source, as in tests). */
export const STUDIO_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
