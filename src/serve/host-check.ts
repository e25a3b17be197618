import type http from 'node:http';
import net from 'node:net';

/**
 * A local server answers only requests addressed to it by a name that cannot be rebound: a page
 * on `evil.example` whose DNS record is switched to 127.0.0.1 (DNS rebinding) reaches the server
 * with `Host: evil.example`, and is refused, as Vite's `server.allowedHosts` refuses it. Allowed:
 * `localhost`, any IP address written as one (no DNS is involved, so nothing can be rebound; this
 * is how a phone on the same network reaches `--host 0.0.0.0`), and the host name the server was
 * started with (`--host`). The port is not checked.
 */
export function hostAllowed(hostHeader: string | undefined, boundHost: string): boolean {
  // HTTP/1.0 clients may send no Host at all; no browser does, so no rebinding page can.
  if (hostHeader === undefined) return true;
  const name = hostName(hostHeader);
  if (name === undefined) return false;
  return (
    name === 'localhost' ||
    net.isIP(name) !== 0 ||
    name === hostName(boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost)
  );
}

/** The lowercased name of a Host header without its port and brackets; undefined when it is malformed. */
function hostName(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d*)?$/.exec(value);
  if (bracketed) return bracketed[1];
  const plain = /^([a-z0-9.-]+?)\.?(?::\d*)?$/.exec(value);
  return plain?.[1];
}

/** The answer to a request refused by `hostAllowed`: 403 with a short plain explanation. */
export function refuseHost(request: http.IncomingMessage, response: http.ServerResponse, boundHost: string): void {
  const text =
    `Blocked request: this server answers only requests addressed to localhost, an IP address or ${boundHost}, ` +
    `and this one was addressed to "${String(request.headers.host).slice(0, 200)}". ` +
    'This protects the site from pages that rebind their own domain name to this machine (DNS rebinding). ' +
    'To use another name, start the server with --host set to it.\n';
  response.writeHead(403, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}
