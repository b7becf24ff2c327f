import "server-only";
import pino from "pino";

const holder = globalThis as unknown as { __aulaLogger?: pino.Logger };

/** One JSON logger for the server. Keys and passwords are redacted wherever they appear. */
export const logger: pino.Logger =
  holder.__aulaLogger ??
  (holder.__aulaLogger = pino({
    level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { app: "aula" },
    redact: {
      paths: ["password", "*.password", "passwordHash", "*.passwordHash", "token", "*.token", "*.apiKey"],
      censor: "[redacted]",
    },
  }));
