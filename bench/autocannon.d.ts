/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; min: number; max: number; p50: number; p90: number; p99: number; total: number };
  export type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; non2xx: number; errors: number; timeouts: number; duration: number };
  export type Request = { method?: string; path: string; headers?: Record<string, string> };
  export type Client = { setHeaders: (headers: Record<string, string>) => void };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
