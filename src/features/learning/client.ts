/**
 * The learning feature's browser entry: the browser side of "Write all lessons" (start and
 * progress; the course card and Export call it), and how lesson HTML looks (the author's preview
 * shows it as the viewer does). Only these two small modules, so a component importing from here
 * takes what it took when it imported them itself.
 */
export { fetchWritingProgress, pollWritingProgress, startWriteAll, WRITE_ALL_STARTED } from "./write-all-api";
export { LESSON_PROSE } from "./components/prose";
