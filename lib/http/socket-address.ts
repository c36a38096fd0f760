import type { IncomingMessage } from 'node:http';

// The production server's own note of who is on the other end of the TCP connection.
//
// Route handlers and server actions only see headers, never the socket. So before Next sees a
// request, server/main.ts writes the socket's address under a header name of its own,
// replacing whatever a client sent under that name: the value Next passes on can only come from
// this server. `clientIp` (lib/legacy/http.ts) reads it when TRUST_PROXY_HOPS is 0 (the default),
// and as the fallback when a request carries fewer forwarded entries than there are proxies.
// Served any other way (plain `next start`), the header is absent and every caller shares one address.

export const SOCKET_ADDRESS_HEADER = 'x-sevenstars-socket-address';

export function stampSocketAddress(req: IncomingMessage): void {
  // rawHeaders too, so no copy of a client's own value survives for code that reads those.
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i]?.toLowerCase() === SOCKET_ADDRESS_HEADER) raw.splice(i, 2);
  }
  req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
}
