/**
 * The whole data model of Aula, normalized: one table per entity, rows referenced by id. The
 * contract's course `content` JSON is assembled from topics + lessons rows on demand, so two
 * lessons written at once never overwrite each other. One file per owner (docs/table-owners.md):
 * the feature that writes a table declares it; `infrastructure` holds src/server's own.
 */
export * from "./accounts";
export * from "./courses";
export * from "./learning";
export * from "./generation";
export * from "./quiz";
export * from "./plans";
export * from "./site";
export * from "./review";
export * from "./sources";
export * from "./classes";
export * from "./infrastructure";
