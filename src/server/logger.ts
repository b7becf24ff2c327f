import "server-only";
import pino from "pino";
import { isErrorLike, redactForLog, redactLogArguments } from "./log-redaction";

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

const ROUTED = Symbol.for("aula.console-routed");
type ConsoleWriter = (...args: unknown[]) => void;

/**
 * Next writes its own error lines (a page that threw, a route that failed, an unhandled
 * rejection) with console.error and console.warn: plain text beside the JSON log, and without
 * its redaction; a failed query's message carries its bound values, the session cookie's SHA-256
 * among them. After this, those two write through `target` instead: one JSON line per call, the
 * text in `msg`, an error in `err`, anything else in `details`, all redacted like every line.
 * boot.ts routes them in production. Returns the function that puts the console back (tests).
 */
export function routeConsoleToLogger(target: pino.Logger = logger): () => void {
  const routed = console as unknown as Record<symbol, (() => void) | undefined>;
  if (routed[ROUTED]) return routed[ROUTED];
  const original = { error: console.error, warn: console.warn };
  const through =
    (level: "error" | "warn"): ConsoleWriter =>
    (...args) => {
      try {
        const errors = args.filter(isErrorLike);
        const text = args.filter((arg): arg is string => typeof arg === "string").join(" ");
        const details = args.filter((arg) => typeof arg !== "string" && !isErrorLike(arg));
        const fields: Record<string, unknown> = {};
        if (errors.length > 0) fields.err = errors[0];
        if (errors.length > 1 || details.length > 0) fields.details = [...errors.slice(1), ...details];
        target[level](fields, text.replace(/^[⨯⚠]\s*/u, "") || (errors[0] as Error | undefined)?.message || level);
      } catch {
        // Never the raw arguments: they are what must not be written as they are.
        original[level]("[a console line could not be logged]");
      }
    };
  console.error = through("error");
  console.warn = through("warn");
  const restore = () => {
    console.error = original.error;
    console.warn = original.warn;
    routed[ROUTED] = undefined;
  };
  routed[ROUTED] = restore;
  return restore;
}
