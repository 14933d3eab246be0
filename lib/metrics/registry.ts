import { Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's one Prometheus registry. On globalThis, with each metric made once by name, because
 * Next bundles routes apart: the server, the routes and the runner each load this module, and all of
 * them must count into the metrics /metrics serves.
 */
const globalForMetrics = globalThis as unknown as { pagewiseMetrics?: Registry };

export function metricsRegistry(): Registry {
  globalForMetrics.pagewiseMetrics ??= new Registry();
  return globalForMetrics.pagewiseMetrics;
}

type Options<L extends string> = { name: string; help: string; labelNames?: readonly L[] };

function once<M>(name: string, make: (registry: Registry) => M): M {
  const registry = metricsRegistry();
  return (registry.getSingleMetric(name) as M | undefined) ?? make(registry);
}

export function counter<L extends string = never>(options: Options<L>): Counter<L> {
  return once(options.name, (registry) => new Counter({ ...options, registers: [registry] }));
}

export function histogram<L extends string = never>(options: Options<L> & { buckets: number[] }): Histogram<L> {
  return once(options.name, (registry) => new Histogram({ ...options, registers: [registry] }));
}

/** A gauge whose value `collect` sets when Prometheus scrapes (a count taken then, not kept up to date). */
export function gauge<L extends string = never>(options: Options<L> & { collect?: (this: Gauge<L>) => void | Promise<void> }): Gauge<L> {
  return once(options.name, (registry) => new Gauge({ ...options, registers: [registry] }));
}
