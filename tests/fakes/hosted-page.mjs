/**
 * What the payment fakes share: reading a request body, JSON answers, and the small hosted
 * page (Pay / Decline) a browser completes in place of the provider's own.
 */
export async function readBody(req) {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return raw;
}

export function sendJson(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export function sendHtml(res, status, html) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

export function redirect(res, location) {
  res.writeHead(303, { location });
  res.end();
}

const escape = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hosted checkout: a heading, what is charged, and two buttons that post back to the fake. */
export function hostedPage({ title, lines = [], payAction, declineAction }) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto"><h1>${escape(title)}</h1>
${lines.map((l) => `<p>${escape(l)}</p>`).join("\n")}
<form method="post" action="${escape(payAction)}"><button type="submit">Pay</button></form>
${declineAction ? `<form method="post" action="${escape(declineAction)}"><button type="submit">Decline</button></form>` : ""}
</body></html>`;
}

export function withQuery(url, params) {
  const target = new URL(url);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.toString();
}

export async function listen(server, port, host = "127.0.0.1") {
  await new Promise((resolve) => server.listen(port ?? 0, host, resolve));
  const address = server.address();
  return { port: address.port, url: `http://${host}:${address.port}` };
}
