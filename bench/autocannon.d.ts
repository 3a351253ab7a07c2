// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Result {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number; average: number; max: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Record<string, unknown>): Promise<Result>;
  export default autocannon;
}
