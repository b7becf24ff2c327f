import "server-only";

/**
 * The classes feature's server entry: classes, their members and assigned courses, the teacher's
 * view and item analysis (service.ts), for the class routes and pages; its mails' jobs
 * (mail-jobs.ts), for the app's one list of job handlers.
 */
export * from "./service";
export { registerClassJobs } from "./mail-jobs";
