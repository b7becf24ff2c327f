import "server-only";

/**
 * The authoring feature's server entry (issue 35): an author reads, saves and restores a lesson's
 * text, every save kept as a revision, for the editing routes and the editor page.
 */
export * from "./lesson-editing";
export { lessonRewriteSchema, lessonRewriteStream } from "./lesson-rewrite";
export { lessonMediaSchema, saveLessonMedia } from "./lesson-media";
export { publishCourse, publishPageData } from "./publishing";
export { topicForRewritePage } from "./topic-rewrite";
