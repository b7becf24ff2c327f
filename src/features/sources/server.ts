import "server-only";

/**
 * The sources feature's server entry: the learner's material, its search and citations
 * (service.ts), for the routes and the features that write from it (generation, learning, quiz).
 */
export * from "./service";
