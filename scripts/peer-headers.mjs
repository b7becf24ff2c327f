/**
 * What scripts/server.mjs does to every request before Next sees it, so that the app can tell
 * the client's address (src/server/http/client-ip.ts). Route handlers get no socket, and
 * `next start` fills X-Forwarded-For from the socket only when the client sent none, so without
 * this a client would choose its own address. Kept apart from the server so it can be tested
 * with real sockets and no build.
 */

/** The socket's address, set here and only here (any copy the client sent is dropped). */
export const PEER_HEADER = "x-aula-peer";

/**
 * Tells the app (src/server/http/client-ip.ts, PEER_STAMPING) that this process stamps every
 * request, so PEER_HEADER is the socket's. Without the mark (standalone output, serverless) the
 * app ignores PEER_HEADER, which any client can send there. Call before Next loads.
 */
export const PEER_STAMPING = Symbol.for("aula.peer-stamping");

export function markPeerStamping() {
  globalThis[PEER_STAMPING] = true;
}

/**
 * TRUST_PROXY: `false` (no proxy: the socket is the client), `true` (trust every proxy: the
 * first X-Forwarded-For entry is the client) or N, the number of proxies in front of the app.
 * Same rules as src/server/env.ts, which validates it for the app.
 */
export function parseTrustProxy(value) {
  const text = (value ?? "").trim();
  if (text === "" || text === "false") return false;
  if (text === "true") return true;
  if (/^[1-9][0-9]{0,2}$/.test(text)) return Number(text);
  throw new Error(
    "Invalid setting TRUST_PROXY: must be false, true or the number of proxies in front of the app (1, 2, …)",
  );
}

/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; rate limits want a.b.c.d. */
function socketAddress(socket) {
  const address = socket.remoteAddress ?? "unknown";
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}

/**
 * Stamps the peer header and makes X-Forwarded-For say what a proxy would have: with no trusted
 * proxy it is the socket's address alone (whatever the client wrote is dropped); behind trusted
 * proxies the socket's address (the nearest proxy) is appended, as each proxy appends its own peer.
 */
export function stampPeerHeaders(req, trustProxy) {
  const peer = socketAddress(req.socket);
  req.headers[PEER_HEADER] = peer;
  if (trustProxy === false) {
    req.headers["x-forwarded-for"] = peer;
  } else {
    const forwarded = req.headers["x-forwarded-for"];
    req.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
  }
}
