// The accounts feature offers nothing to other features' browser code: its screens are its own.
export {};
