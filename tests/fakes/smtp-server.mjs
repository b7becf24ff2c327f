/**
 * A minimal SMTP server (RFC 5321: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no
 * auth) for tests of the SMTP_URL path. It keeps every message it accepts, raw, and can be told
 * to refuse the next sends with a 4xx (try again) or 5xx (permanent) reply.
 */
import { createServer } from "node:net";

/** @param {{ port?: number }} [options] */
export async function startFakeSmtp(options = {}) {
  /** @type {Array<{ from: string, to: string[], raw: string }>} */
  const messages = [];
  let failures = { count: 0, code: 451 };

  const server = createServer((socket) => {
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let envelope = { from: "", to: /** @type {string[]} */ ([]) };
    const reply = (line) => socket.write(`${line}\r\n`);
    reply("220 fake.smtp ESMTP ready");

    socket.on("data", (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/\r\n\.\./g, "\r\n.");
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push({ ...envelope, raw });
          envelope = { from: "", to: [] };
          reply("250 2.0.0 Ok: queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") reply("250-fake.smtp\r\n250-8BITMIME\r\n250 SMTPUTF8");
        else if (verb === "HELO") reply("250 fake.smtp");
        else if (verb === "MAIL") {
          if (failures.count > 0) {
            failures.count -= 1;
            reply(`${failures.code} ${failures.code >= 500 ? "5.7.1 Refused" : "4.3.0 Try again later"}`);
          } else {
            envelope.from = (line.match(/<([^>]*)>/) ?? [])[1] ?? "";
            reply("250 2.1.0 Ok");
          }
        } else if (verb === "RCPT") {
          envelope.to.push((line.match(/<([^>]*)>/) ?? [])[1] ?? "");
          reply("250 2.1.5 Ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "RSET") {
          envelope = { from: "", to: [] };
          reply("250 2.0.0 Ok");
        } else if (verb === "NOOP") reply("250 2.0.0 Ok");
        else if (verb === "QUIT") {
          reply("221 2.0.0 Bye");
          socket.end();
          return;
        } else reply("502 5.5.2 Command not recognized");
      }
    });
    socket.on("error", () => {});
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...messages],
    failNext: (count = 1, code = 451) => {
      failures = { count, code };
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
