import "server-only";

/**
 * The classes feature's server entry: classes, their members and assigned courses, the teacher's
 * view and item analysis (service.ts), for the class routes and pages.
 */
export * from "./service";
