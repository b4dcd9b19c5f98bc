/** The version of the app this bundle belongs to (a hash of its sources), set by vite.config.ts. */
declare const __BUILD_ID__: string;
