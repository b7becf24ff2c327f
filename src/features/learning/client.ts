/**
 * The learning feature's browser entry: the browser side of "Write all lessons" (start and
 * progress; the course card and Export call it). Only this module, so a component importing it
 * here takes what it took when it imported the module itself.
 */
export { fetchWritingProgress, pollWritingProgress, startWriteAll, WRITE_ALL_STARTED } from "./write-all-api";
