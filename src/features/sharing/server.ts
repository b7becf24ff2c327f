import "server-only";

/**
 * The sharing feature's server entry: share links, the shared page and "Save a copy"
 * (service.ts), for the sharing routes and pages.
 */
export * from "./service";
