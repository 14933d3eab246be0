import type { Readable } from "node:stream";

/** A byte range, both ends inclusive, as in an HTTP `Range: bytes=start-end` header. */
export type ByteRange = { start: number; end: number };

export type StoredObject = {
  body: Readable;
  /** Size of the whole object. */
  size: number;
  /** The range returned, when one was asked for. */
  range?: ByteRange;
};

/** Where document files live. Keys are relative paths such as `documents/<id>/original.pdf`. */
export interface Storage {
  /** Stores `size` bytes from `body` under `key`, replacing any object there; all or nothing. */
  put(key: string, body: Readable | Buffer, size: number): Promise<void>;
  /** The object, or the requested range of it; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; no error when it does not exist. */
  delete(key: string): Promise<void>;
  /** Every object under a prefix (local: also files a crash left half-written), with when it was last written. */
  list(prefix: string): Promise<Array<{ key: string; modifiedAt: Date }>>;
}

export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
