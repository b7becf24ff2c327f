// The child process runs server code outside Next: `server-only` (which throws outside React's
// server build) resolves to nothing, as jest.config's moduleNameMapper does for the tests.
// A CommonJS preload (`node --require`) patches the CommonJS resolver, so it is CommonJS itself.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require("node:module");
const original = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "server-only") return __filename;
  return original.call(this, request, ...rest);
};
