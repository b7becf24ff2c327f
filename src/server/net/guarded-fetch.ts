import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { pipeline, type Readable, type Transform } from "node:stream";
import { refusedAddressReason } from "./address-policy";
import { brandedError } from "@/lib/branded-error";

/**
 * The one way the server fetches an address that a user or a model chose (lesson pictures for
 * the PDF, media search answers, caption tracks). Plain `fetch` would connect wherever the name
 * points and follow redirects anywhere, so a lesson picture at https://127.0.0.1:6379/ or
 * http://169.254.169.254/ would make the server talk to itself or its cloud (SSRF).
 *
 * - http and https only; the host is resolved once and every address it resolves to must be
 *   public (src/server/net/address-policy.ts), and the socket connects to the address that was
 *   checked: the check is the `lookup` the socket itself uses, so there is no second lookup a
 *   rebinding DNS server could answer differently.
 * - Redirects are followed by hand, at most `maxRedirects`, and every hop is checked again.
 * - The whole exchange has a deadline, and the body a size cap (after decompression).
 * - `trustedOrigins` are origins the deployer configured (the media APIs' base URLs, which the
 *   tests and the demo point at fakes on 127.0.0.1): a hop to exactly one of those origins skips
 *   the address check. It still uses the same resolver and connection path.
 */

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export type GuardedFetchOptions = {
  headers?: Record<string, string>;
  /** Deadline of the whole exchange: every hop, and reading the body. */
  timeoutMs: number;
  /** Largest body accepted, in bytes after decompression. */
  maxBytes: number;
  /** Redirects followed before giving up (each one checked like the first address). */
  maxRedirects?: number;
  /** Origins (`scheme://host[:port]`) the deployer configured; a hop to one skips the address check. */
  trustedOrigins?: Iterable<string>;
  signal?: AbortSignal;
  /** How host names are resolved; tests inject one to control what a name points to. */
  resolve?: Resolver;
};

/** The destination was refused before any connection was made to it. */
export class RefusedDestinationError extends brandedError("RefusedDestinationError") {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`refused to fetch ${safeUrl(url)}: ${reason}`);
  }
}

export class ResponseTooLargeError extends brandedError("ResponseTooLargeError") {
  constructor(limit: number) {
    super(`response larger than ${limit} bytes`);
  }
}

const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Kept-alive connections (a new one per call costs event-loop turns a busy server may not give
 * within the media deadline). A pooled socket is reused only for the same scheme, host and port,
 * and only in the pool it was opened for: a socket opened for a trusted origin, whose address was
 * not checked, is never handed to a hop that must be checked.
 */
const pool = () => ({
  "http:": new http.Agent({ keepAlive: true, maxSockets: 32 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 32 }),
});
const agents = { checked: pool(), trusted: pool() };

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Origin, host and path only: query strings may carry keys (the YouTube Data API's). */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}

/**
 * The socket's `lookup`: resolves once with `resolve`, refuses the host if any of its addresses
 * is not public (unless trusted), and hands the socket exactly those addresses.
 */
function checkingLookup(resolve: Resolver, url: string, trusted: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        // Every answer is checked, also those of the family the socket will not use.
        if (!trusted) {
          for (const a of found) {
            const reason = refusedAddressReason(a.address);
            if (reason)
              return callback(new RefusedDestinationError(url, `${hostname} resolves to a ${reason} address`), "", 4);
          }
        }
        const addresses = found.filter(
          (a) => options.family === undefined || options.family === 0 || a.family === options.family,
        );
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 4);
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

/** Refuses what can be refused from the URL alone; returns whether the hop is to a trusted origin. */
function checkDestination(url: URL, trusted: Set<string>): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new RefusedDestinationError(url.href, `scheme ${url.protocol} not allowed`);
  if (url.username || url.password) throw new RefusedDestinationError(url.href, "credentials in the address");
  if (trusted.has(url.origin)) return true;
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  // An IP literal is connected to without any lookup, so it is checked here.
  if (isIP(host)) {
    const reason = refusedAddressReason(host);
    if (reason) throw new RefusedDestinationError(url.href, `${reason} address`);
  }
  return false;
}

function decoder(encoding: string): Transform | undefined {
  switch (encoding.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/** The body as sent, decoded; a connection that breaks (or the deadline) ends the decoder with the error too. */
function decoded(response: http.IncomingMessage): Readable {
  const decode = decoder(response.headers["content-encoding"] ?? "");
  if (!decode) return response;
  pipeline(response, decode, () => undefined);
  return decode;
}

async function readCapped(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes && !response.headers["content-encoding"]) {
    response.destroy();
    throw new ResponseTooLargeError(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const body = decoded(response);
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).byteLength;
      if (size > maxBytes) throw new ResponseTooLargeError(maxBytes);
      chunks.push(chunk as Buffer);
    }
  } finally {
    if (size > maxBytes) {
      body.destroy();
      response.destroy();
    }
  }
  return Buffer.concat(chunks);
}

function send(
  url: URL,
  headers: Record<string, string>,
  lookup: LookupFunction,
  trusted: boolean,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  const agent = (trusted ? agents.trusted : agents.checked)[url.protocol as "http:" | "https:"];
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: "GET", headers, lookup, signal, agent }, resolve);
    request.on("error", reject);
    request.end();
  });
}

function toHeaders(response: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    const name = response.rawHeaders[i];
    // Decoded here: the body handed on is the plain one.
    if (/^(content-encoding|content-length|transfer-encoding)$/i.test(name)) continue;
    try {
      headers.append(name, response.rawHeaders[i + 1]);
    } catch {
      // A header value Headers refuses is dropped rather than failing the whole answer.
    }
  }
  return headers;
}

/**
 * GETs `address` under the rules above and answers a `Response` with the whole (capped) body.
 * Throws RefusedDestinationError before connecting to a refused destination,
 * ResponseTooLargeError past `maxBytes`, and the abort error past `timeoutMs`.
 */
export async function guardedFetch(address: string, options: GuardedFetchOptions): Promise<Response> {
  const resolve = options.resolve ?? systemResolver;
  const trusted = new Set([...(options.trustedOrigins ?? [])].map((o) => new URL(o).origin));
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let headers: Record<string, string> = {
    "user-agent": "Aula/1.0",
    "accept-encoding": "gzip, deflate, br",
    ...options.headers,
  };

  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RefusedDestinationError(address, "not a URL");
  }
  for (let hop = 0; ; hop++) {
    const isTrusted = checkDestination(url, trusted);
    const response = await send(url, headers, checkingLookup(resolve, url.href, isTrusted), isTrusted, signal);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.resume();
      if (hop >= maxRedirects) throw new RefusedDestinationError(url.href, `more than ${maxRedirects} redirects`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new RefusedDestinationError(url.href, "redirect to an invalid address");
      }
      // Credentials meant for one origin are not handed to another.
      if (next.origin !== url.origin)
        headers = Object.fromEntries(
          Object.entries(headers).filter(([name]) => !/^(authorization|cookie)$/i.test(name)),
        );
      url = next;
      continue;
    }
    const status = response.statusCode ?? 502;
    const body = await readCapped(response, options.maxBytes);
    return new Response(NULL_BODY.has(status) ? null : new Uint8Array(body), {
      status,
      statusText: response.statusMessage,
      headers: toHeaders(response),
    });
  }
}
