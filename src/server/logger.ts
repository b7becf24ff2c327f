import "server-only";
import pino from "pino";
import { redactForLog, redactLogArguments } from "./log-redaction";

const holder = globalThis as unknown as { __aulaLogger?: pino.Logger };

/**
 * The logger's configuration. Every call's arguments pass through `redactLogArguments`: secrets
 * are replaced under any key at any depth and failed queries lose their bound values, so no
 * call site has to remember it. Tests build one on their own stream to read what is written.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { app: "aula" },
    hooks: {
      logMethod(args, method) {
        method.apply(this, redactLogArguments(args) as Parameters<typeof method>);
      },
    },
    formatters: {
      bindings: (bindings) => redactForLog(bindings) as Record<string, unknown>,
    },
    // Arguments are redacted already; pino's own serializer would turn the plain objects back into `type: "Object"`.
    serializers: { err: (value: unknown) => redactForLog(value) },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** One JSON logger for the server. */
export const logger: pino.Logger =
  holder.__aulaLogger ??
  (holder.__aulaLogger = createLogger(process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info")));
