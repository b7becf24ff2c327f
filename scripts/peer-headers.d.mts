import type { IncomingMessage } from "node:http";

export const PEER_HEADER: "x-aula-peer";
export const PEER_STAMPING: unique symbol;
export function markPeerStamping(): void;
export type TrustProxy = boolean | number;
export function parseTrustProxy(value: string | undefined): TrustProxy;
export function stampPeerHeaders(req: IncomingMessage, trustProxy: TrustProxy): void;
