import { createServer, type Server, type Socket } from "node:net";
import { GET as health } from "@/app/api/health/route";
import { openPostgres, setDbHandleForTests, type DbHandle } from "@/server/db/client";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";

const database = useTestDatabase();

describe("GET /api/health", () => {
  it("answers 200 {status:'ok'} when the database answers", async () => {
    const res = await callRoute(health, { url: "http://localhost:3000/api/health" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  describe("with the database unreachable", () => {
    let unreachable: DbHandle;

    beforeAll(async () => {
      // Nothing listens on port 1: every query fails to connect.
      unreachable = await openPostgres("postgres://aula@127.0.0.1:1/aula?connect_timeout=2", 1);
      setDbHandleForTests(unreachable);
    });

    afterAll(async () => {
      setDbHandleForTests(database());
      await unreachable.close();
    });

    it("answers 503 without leaking the error", async () => {
      const res = await callRoute(health, { url: "http://localhost:3000/api/health" });
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ status: "error" });
      expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/i);
      expect(res.headers.get("cache-control")).toBe("no-store");
    });
  });

  describe("with a database that accepts connections but never answers", () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    let hanging: DbHandle;

    beforeAll(async () => {
      // A firewall or a stuck server: the TCP connection opens, then nothing comes back.
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      const { port } = silent.address() as { port: number };
      hanging = await openPostgres(`postgres://aula@127.0.0.1:${port}/aula?connect_timeout=30`, 1);
      setDbHandleForTests(hanging);
    });

    afterAll(async () => {
      setDbHandleForTests(database());
      const closed = new Promise((resolve) => silent.close(resolve)); // stop accepting first
      for (const socket of sockets) socket.destroy();
      await hanging.close(); // waits out the query the probe gave up on (postgres.js end timeout)
      await closed;
    });

    it("answers 503 within the probe's time limit instead of hanging", async () => {
      const started = Date.now();
      const res = await callRoute(health, { url: "http://localhost:3000/api/health" });
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ status: "error" });
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });

  it("answers 200 again once the database is back", async () => {
    const res = await callRoute(health, { url: "http://localhost:3000/api/health" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok" });
  });
});
