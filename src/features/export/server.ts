import "server-only";

/**
 * The export feature's server entry: a course as PDF, Markdown, SCORM or an offline copy
 * (service.ts), for the export route.
 */
export * from "./service";
