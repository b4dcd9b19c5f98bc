/** The version of the app this bundle belongs to (a hash of its sources), set by vite.config.ts. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** The share of page loads that report errors and web vitals (0–1, default 1): docs/operations.md. */
  readonly VITE_CLIENT_EVENTS_SAMPLE_RATE?: string;
}
