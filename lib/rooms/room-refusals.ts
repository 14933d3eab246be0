import { ApiError } from "../errors";
import { MAX_FOLDER_DEPTH, MAX_ROOM_DOCUMENTS, MAX_ROOM_FOLDERS } from "../schemas/rooms";

/** 422 naming the field sent wrong, as the API's validation names fields. */
export const invalidField = (field: string, message: string) => new ApiError("validation_error", message, { fields: { [field]: message } });

export const notAFolder = (field: "parent_id" | "folder_id") => invalidField(field, `${field} must be the id of a folder of this room`);

export const tooDeep = (depth: number) =>
  invalidField("parent_id", `Folders nest at most ${MAX_FOLDER_DEPTH} deep; this would make ${depth} levels`);

export const tooManyFolders = () =>
  new ApiError("validation_error", `A room holds at most ${MAX_ROOM_FOLDERS} folders; delete one before adding another`);

export const tooManyDocuments = () =>
  new ApiError("validation_error", `A room holds at most ${MAX_ROOM_DOCUMENTS} documents; remove one before adding another`);
