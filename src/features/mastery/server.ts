import "server-only";

/**
 * The mastery feature's server entry: per-topic mastery and "What I know" (service.ts), for the
 * course page and its own page.
 */
export * from "./service";
