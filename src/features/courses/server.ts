import "server-only";

/**
 * The courses feature's server entry (service.ts): the lists, ownership, a course's creation,
 * content update and deletion, for the routes and the features built on courses. Its pure
 * helpers (content JSON, progress, share link) are in client.ts.
 */
export * from "./service";
export { outlineForAuthor, outlineForEditorPage, outlineSaveSchema, saveOutlineForAuthor } from "./outline-editing";
