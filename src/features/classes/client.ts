// The classes feature offers nothing to other features' browser code: its controls belong to its own pages.
export {};
