import "server-only";

/**
 * The admin panel's server entry: its lists, figures and audited actions (service.ts), for the
 * admin pages and routes.
 */
export * from "./service";
