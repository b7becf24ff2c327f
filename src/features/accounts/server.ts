import "server-only";

/**
 * The accounts feature's server entry: sign-up, sign-in and the super admin (service.ts), for
 * the routes, the boot and the admin panel (an admin's role).
 */
export * from "./service";
