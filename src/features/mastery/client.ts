// The mastery feature offers nothing to other features' browser code: its panels render on the server.
export {};
