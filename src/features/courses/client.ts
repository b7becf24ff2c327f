/**
 * The courses feature's browser entry, pure helpers for the server and the browser alike
 * (server.ts is the server's entry): the share link, the contract's content JSON, the progress
 * percent.
 */
export { contentTopics, courseContent, readContent } from "./content";
export { progressPercent } from "./progress";
export { courseShareUrl } from "./share";
