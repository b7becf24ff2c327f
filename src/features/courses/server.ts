import "server-only";

/**
 * The courses feature's server entry (service.ts): the lists, ownership, a course's creation,
 * content update and deletion, for the routes and the features built on courses; its outline's
 * editing (outline-editing.ts) and its co-authors (editors.ts, issue 35). Its pure helpers
 * (content JSON, progress, share link) are in client.ts.
 */
export * from "./service";
export { outlineForAuthor, outlineForEditorPage, outlineSaveSchema, saveOutlineForAuthor } from "./outline-editing";
export {
  acceptEditorInvitation,
  acceptSchema,
  editorsForOwner,
  editorsForOwnerPage,
  editorshipsOf,
  findAuthoredCourse,
  invitationForPage,
  inviteEditor,
  inviteSchema,
  removeEditor,
  requireAuthoredCourse,
} from "./editors";
export { authoredBy, markCoursePublished } from "./editor-queries";
