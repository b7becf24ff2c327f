// The authoring feature offers nothing to other features' browser code: its editor belongs to its own pages.
export {};
