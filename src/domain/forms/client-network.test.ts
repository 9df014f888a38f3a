import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork(' 203.0.113.1 ')).toBe('203.0.113.1');
  });

  it('counts an IPv6 address by its /64, whatever its spelling or its low 64 bits', () => {
    const network = '2001:db8:42:7::/64';
    for (const address of ['2001:db8:42:7::1', '2001:0DB8:0042:0007:ffff:1:2:3', '[2001:db8:42:7:a:b:c:d]', '2001:db8:42:7::1%eth0', '2001:db8:42:7:0:0:1.2.3.4'])
      expect(clientNetwork(address)).toBe(network);
    expect(clientNetwork('2001:db8:42:8::1')).toBe('2001:db8:42:8::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientNetwork('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientNetwork('::ffff:c000:201')).toBe('192.0.2.1');
  });

  it('leaves what is not an address unchanged (one bucket for all of it)', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
    expect(clientNetwork('1:2:3')).toBe('1:2:3');
    expect(clientNetwork('1::2::3')).toBe('1::2::3');
    expect(clientNetwork('2001:db8::1.2.3.999')).toBe('2001:db8::1.2.3.999');
    expect(clientNetwork('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9');
  });
});
