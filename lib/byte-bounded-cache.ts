/**
 * Buffers kept by key up to a total of `capBytes`, the least recently used dropped first. Kept on
 * globalThis under `name`: Next bundles a module into more than one server layer, and the bound
 * holds only if every copy counts together.
 */
export type ByteBoundedCache = {
  get(key: string): Buffer | undefined;
  /** Keeps `value` unless it alone is over the bound. */
  set(key: string, value: Buffer): void;
  load(): { entries: number; bytes: number };
};

type Held = { entries: Map<string, Buffer>; bytes: number };

export function byteBoundedCache(name: string, capBytes: number): ByteBoundedCache {
  const holder = globalThis as { pagewiseByteBoundedCaches?: Map<string, Held> };
  holder.pagewiseByteBoundedCaches ??= new Map();
  const caches = holder.pagewiseByteBoundedCaches;
  if (!caches.has(name)) caches.set(name, { entries: new Map(), bytes: 0 });
  const held = caches.get(name)!;
  return {
    get(key) {
      const value = held.entries.get(key);
      if (value === undefined) return undefined;
      // Moved to the end of the map's order, so the oldest entry is always the first.
      held.entries.delete(key);
      held.entries.set(key, value);
      return value;
    },
    set(key, value) {
      if (held.entries.has(key) || value.length > capBytes) return;
      held.entries.set(key, value);
      held.bytes += value.length;
      for (const [oldest, dropped] of held.entries) {
        if (held.bytes <= capBytes) break;
        held.entries.delete(oldest);
        held.bytes -= dropped.length;
      }
    },
    load: () => ({ entries: held.entries.size, bytes: held.bytes }),
  };
}
