import { config } from "../config";
import { LocalStorage } from "./local-storage";
import { S3Storage } from "./s3-storage";
import type { Storage } from "./storage";

export type { ByteRange, Storage, StoredObject } from "./storage";

let instance: Storage | undefined;

/** The configured storage driver: local disk by default, S3-compatible with STORAGE_DRIVER=s3. */
export function storage(): Storage {
  if (instance) return instance;
  const cfg = config();
  instance =
    cfg.STORAGE_DRIVER === "s3"
      ? new S3Storage(cfg.S3_BUCKET!, {
          region: cfg.S3_REGION,
          endpoint: cfg.S3_ENDPOINT,
          forcePathStyle: cfg.S3_FORCE_PATH_STYLE,
          credentials:
            cfg.S3_ACCESS_KEY_ID && cfg.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: cfg.S3_ACCESS_KEY_ID, secretAccessKey: cfg.S3_SECRET_ACCESS_KEY }
              : undefined,
        })
      : new LocalStorage(cfg.STORAGE_DIR);
  return instance;
}
