import path from "node:path";
import { type Config, config } from "../config";
import { LocalStorage } from "./local-storage";
import { S3Storage } from "./s3-storage";
import type { Storage } from "./storage";
import { type UploadThingOptions, UploadThingStorage } from "./uploadthing-storage";

export type { ByteRange, Storage, StoredObject } from "./storage";

let instance: Storage | undefined;

/** The UploadThing SDK's settings, from UPLOADTHING_*; null when UploadThing is not the storage driver. */
export function uploadthingOptions(cfg: Config = config()): UploadThingOptions | null {
  if (cfg.STORAGE_DRIVER !== "uploadthing" || !cfg.UPLOADTHING_TOKEN) return null;
  return {
    token: cfg.UPLOADTHING_TOKEN,
    ...(cfg.UPLOADTHING_API_URL && { apiUrl: cfg.UPLOADTHING_API_URL }),
    ...(cfg.UPLOADTHING_INGEST_URL && { ingestUrl: cfg.UPLOADTHING_INGEST_URL }),
    ...(cfg.UPLOADTHING_UFS_HOST && { ufsHost: cfg.UPLOADTHING_UFS_HOST }),
    ...(cfg.UPLOADTHING_UFS_APP_ID_LOCATION && { ufsAppIdLocation: cfg.UPLOADTHING_UFS_APP_ID_LOCATION }),
  };
}

/** The configured storage driver: local disk by default, S3-compatible with STORAGE_DRIVER=s3, UploadThing with STORAGE_DRIVER=uploadthing. */
export function storage(): Storage {
  if (instance) return instance;
  const cfg = config();
  const uploadthing = uploadthingOptions(cfg);
  if (uploadthing) instance = new UploadThingStorage(uploadthing, path.join(cfg.DATA_DIR, "tmp", "uploadthing"));
  else if (cfg.STORAGE_DRIVER === "s3") {
    instance = new S3Storage(cfg.S3_BUCKET!, {
      region: cfg.S3_REGION,
      endpoint: cfg.S3_ENDPOINT,
      forcePathStyle: cfg.S3_FORCE_PATH_STYLE,
      credentials:
        cfg.S3_ACCESS_KEY_ID && cfg.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: cfg.S3_ACCESS_KEY_ID, secretAccessKey: cfg.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  } else instance = new LocalStorage(cfg.STORAGE_DIR);
  return instance;
}
