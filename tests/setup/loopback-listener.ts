/**
 * A raw TCP listener on the loopback, 127.0.0.1 and ::1 on one port, that only counts the
 * connections it is offered and drops them. Plain http and TLS are both just TCP to it, so
 * `connections` is whatever reached this machine's port, whatever the client meant to speak.
 */
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";

export type LoopbackListener = { port: number; readonly connections: number; close: () => Promise<void> };

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, ipv6Only: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export async function startLoopbackListener(): Promise<LoopbackListener> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const onConnection = (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.destroy();
  };
  // The ephemeral port 127.0.0.1 got may be taken on ::1; then another pair is tried.
  for (let attempt = 0; attempt < 10; attempt++) {
    const v4 = createServer(onConnection);
    await listen(v4, 0, "127.0.0.1");
    const port = (v4.address() as AddressInfo).port;
    const v6 = createServer(onConnection);
    try {
      await listen(v6, port, "::1");
    } catch {
      await closeServer(v4);
      continue;
    }
    return {
      port,
      get connections() {
        return connections;
      },
      close: async () => {
        for (const socket of sockets) socket.destroy();
        await Promise.all([closeServer(v4), closeServer(v6)]);
      },
    };
  }
  throw new Error("no port free on both 127.0.0.1 and ::1");
}
