/**
 * The part of Lighthouse's and chrome-launcher's APIs the benchmarks use. Both are installed in bench/node_modules
 * only when the benchmarks run (bench/install.ts), and the project's typecheck must not need them.
 */
declare module 'chrome-launcher' {
  export type LaunchedChrome = { port: number; kill(): void };
  export function launch(options: { chromePath?: string; chromeFlags?: string[] }): Promise<LaunchedChrome>;
}

declare module 'lighthouse' {
  type Audit = { score: number | null; numericValue?: number; displayValue?: string };
  type AuditRef = { id: string; weight: number; group?: string };
  export type Result = {
    runtimeError?: { code: string; message: string };
    environment: { hostUserAgent: string; benchmarkIndex: number };
    audits: Record<string, Audit | undefined>;
    categories: Record<string, { score: number | null; auditRefs: AuditRef[] } | undefined>;
  };
  export type Flags = { port: number; logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'verbose'; onlyCategories?: string[] };
  export default function lighthouse(url: string, flags: Flags): Promise<{ lhr: Result } | undefined>;
}
