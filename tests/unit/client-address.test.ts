import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress } from '@/lib/auth/client-address';
import { SOCKET_ADDRESS_HEADER } from '@/lib/http/socket-address';

const headers = (socket: string | null, forwarded?: string) => {
  const h = new Headers();
  if (socket !== null) h.set(SOCKET_ADDRESS_HEADER, socket);
  if (forwarded !== undefined) h.set('x-forwarded-for', forwarded);
  return h;
};

describe('clientAddress (TRUST_PROXY_HOPS)', () => {
  it('0 hops: the socket, whatever X-Forwarded-For says', () => {
    expect(clientAddress(headers('203.0.113.9', '198.51.100.1'), 0)).toBe('203.0.113.9');
    expect(clientAddress(headers('::ffff:127.0.0.2', '127.0.0.1'), 0)).toBe('127.0.0.2');
    expect(clientAddress(headers(null, '127.0.0.1'), 0)).toBe('unknown');
  });

  it('N hops: the N-th entry from the right; entries further left are never read', () => {
    expect(clientAddress(headers('10.0.0.1', '1.1.1.1, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddress(headers('10.0.0.1', '1.1.1.1, 203.0.113.9, 10.0.0.2'), 2)).toBe('203.0.113.9');
    // Fewer entries than proxies: what the nearest one saw. None: the socket.
    expect(clientAddress(headers('10.0.0.1', '203.0.113.9'), 3)).toBe('203.0.113.9');
    expect(clientAddress(headers('10.0.0.1'), 1)).toBe('10.0.0.1');
    expect(clientAddress(headers('10.0.0.1', ' , '), 1)).toBe('10.0.0.1');
  });
});

describe('addressKey', () => {
  it('IPv6 counts by its /64; IPv4-mapped IPv6 is IPv4; anything else is bounded and marked', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::FFFF:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('x'.repeat(5000))).toBe(`other:${'x'.repeat(64)}`);
    expect(addressKey('  ')).toBeNull();
  });
});
