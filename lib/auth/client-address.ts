import { isIP } from 'node:net';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/socket-address';
import { config } from '@/lib/config';

// The address a rate limit may count a caller by. Only addresses a client cannot choose count:
// the socket's (written by scripts/serve.mjs), or, behind `hops` proxies that each append the
// address they saw to X-Forwarded-For, the entry the outermost of them wrote. Entries further to
// the left are whatever the client sent and are never read.

/** IPv4 as is (IPv4-mapped IPv6 unwrapped); IPv6 by its /64, which one subscriber usually holds whole. */
export function addressKey(value: string | null | undefined): string | null {
  let address = value?.trim() ?? '';
  if (!address) return null;
  if (address.startsWith('[') && address.includes(']')) address = address.slice(1, address.indexOf(']'));
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) address = address.slice(7);
  const kind = isIP(address);
  if (kind === 4) return address;
  if (kind === 6) return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
  // Not an address (a proxy misconfigured, or nothing in front): kept short, never trusted as one.
  return `other:${address.slice(0, 64)}`;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const part = (s: string) => (s ? s.split(':') : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return groups.map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? g.toLowerCase().replace(/^0+(?=.)/, '') : g));
}

/** `hops` = how many proxies of ours stand in front (TRUST_PROXY_HOPS). */
export function clientAddress(headers: Headers, hops: number): string {
  const socket = addressKey(headers.get(SOCKET_ADDRESS_HEADER)) ?? 'unknown';
  if (!(hops > 0)) return socket;
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request skipped the outer ones, and the first entry is what
  // the nearest one saw.
  if (!chain.length) return socket;
  return addressKey(chain[Math.max(0, chain.length - Math.floor(hops))]) ?? socket;
}

/** The caller's address for rate limits, as TRUST_PROXY_HOPS says to find it. */
export function clientIp(request: Pick<Request, 'headers'>): string {
  return clientAddress(request.headers, config.trustProxyHops);
}
