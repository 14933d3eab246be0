import { type FileRouter, UTFiles, UploadThingError, createUploadthing } from "uploadthing/server";
import { signedInUser } from "../auth/auth";
import { config } from "../config";
import { completeDirectUpload, openDirectUpload } from "../documents/direct-upload";
import { apiShortCode } from "../documents/short-code";
import { ApiError } from "../errors";
import { directUploadForm } from "../schemas/documents";
import { UploadThingStorage } from "../storage/uploadthing-storage";
import { authorize } from "../teams/permissions";
import { sessionTeamAccess } from "../teams/session-team";
import { clientAddress } from "../request/server-headers";
import { dashboardUploadFields } from "./dashboard-upload-fields";

/** What the browser learns once UploadThing has the file and the server has inspected it. */
export type DirectUploadResult = { ok: true; short_code: string } | { ok: false; error: { code: string; message: string } };

const STATUS_CODES = {
  400: "BAD_REQUEST",
  401: "FORBIDDEN",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  413: "TOO_LARGE",
  422: "BAD_REQUEST",
} as const;

/**
 * Refusals UploadThing's errors cannot carry: its codes know no 429 or 503, nor headers such as
 * Retry-After. The route answers these in our envelope, with their own status and headers.
 */
const refusals = new WeakMap<Request, ApiError>();

/** The refusal the upload request `req` met in the file router that only the route can answer, if any. */
export const refusalOf = (req: Request): ApiError | undefined => refusals.get(req);

/** Our errors travel to the browser through UploadThing's error shape, with the envelope's code and field problems. */
function asUploadThingError(error: ApiError): UploadThingError {
  const code = STATUS_CODES[error.status as keyof typeof STATUS_CODES] ?? "BAD_REQUEST";
  return new UploadThingError({ code, message: error.message, cause: error });
}

/** As asUploadThingError, noting for the route a refusal whose status UploadThing has no code for. */
function refuse(req: Request, error: ApiError): UploadThingError {
  if (!(error.status in STATUS_CODES)) refusals.set(req, error);
  return asUploadThingError(error);
}

const f = createUploadthing({
  errorFormatter: (error) => {
    const cause = error.cause instanceof ApiError ? error.cause : null;
    return { message: error.message, code: cause?.code ?? "bad_request", fields: cause?.fields ?? {} };
  },
});

/**
 * The dashboard's direct upload: one file of at most MAX_UPLOAD_MB from a signed-in owner, sent as
 * a PDF whatever it is (an office file or image is told by its bytes and converted once stored). The
 * browser sends the file to UploadThing; UploadThing calls back once it has it, and the document
 * is made as every upload is (lib/documents/direct-upload.ts). The original is stored under the
 * document's own key, as its customId.
 */
export function pdfFileRouter() {
  const maxUploadMb = config().MAX_UPLOAD_MB;
  return {
    pdf: f(
      // UploadThing's types list powers of two; its parser takes any size, and the middleware checks the exact limit.
      // Private like every stored file: UploadThing serves it only on a URL this server signs.
      { pdf: { maxFileSize: `${maxUploadMb}MB` as "4MB", maxFileCount: 1, minFileCount: 1, acl: "private" } },
      { awaitServerData: true },
    )
      .input(directUploadForm)
      .middleware(async ({ req, input, files }) => {
        const user = await signedInUser();
        if (!user) throw asUploadThingError(new ApiError("unauthorized", "Your session has ended. Sign in again."));
        const access = { ...(await sessionTeamAccess(user, user.sessionId)), keyAccess: null, apiKeyId: null, address: clientAddress(req) };
        try {
          authorize(access, "documents.write");
        } catch (error) {
          throw asUploadThingError(error as ApiError);
        }
        const file = files[0];
        if (!file || files.length !== 1) throw asUploadThingError(new ApiError("bad_request", "Upload one file at a time."));
        // UploadThing's own checks of the file run after this middleware: refuse here what they would, before a slot is kept.
        if (file.type !== "application/pdf") throw asUploadThingError(new ApiError("bad_request", "Only PDF files can be uploaded."));
        try {
          const upload = await openDirectUpload(access, file, dashboardUploadFields(input));
          return { pendingUploadId: upload.id, [UTFiles]: [{ ...file, customId: UploadThingStorage.customId(upload.storageKey) }] };
        } catch (error) {
          throw error instanceof ApiError ? refuse(req, error) : error;
        }
      })
      .onUploadComplete(async ({ metadata, file }): Promise<DirectUploadResult> => {
        const outcome = await completeDirectUpload(metadata.pendingUploadId, UploadThingStorage.keyOf(file.customId ?? ""));
        return outcome.ok ? { ok: true, short_code: apiShortCode(outcome.document.code) } : outcome;
      }),
  } satisfies FileRouter;
}

export type PdfFileRouter = ReturnType<typeof pdfFileRouter>;
