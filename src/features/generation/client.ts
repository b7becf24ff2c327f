// The generation feature offers nothing to other features' browser code: the Generate page is its own.
export {};
