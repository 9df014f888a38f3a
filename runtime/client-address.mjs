/**
 * Who the client is, for the production server (runtime/server.mjs): the socket's peer, or — only
 * when TRUSTED_PROXIES says which peers are our own proxies — the address those proxies recorded in
 * X-Forwarded-For. Without TRUSTED_PROXIES the header is ignored entirely: anyone can write it, so
 * trusting it would let a client pick its own rate-limit bucket.
 *
 * TRUSTED_PROXIES is either
 * - a number of hops (`1`: one load balancer in front; `2`: a CDN then a load balancer): the client
 *   is the address the outermost of those proxies appended, whatever the client wrote before it;
 * - a comma list of addresses or CIDR ranges, IPv4 or IPv6 (`10.0.0.0/8,127.0.0.1,fd00::/8`): the
 *   list is walked from the right, skipping every address in those ranges; the first one outside is
 *   the client.
 * The result goes to Next in CLIENT_HEADER, which the server always overwrites.
 */
import { BlockList, isIP } from 'node:net';

/** The private request header that carries the client address from server.mjs to the app. */
export const CLIENT_HEADER = 'x-fundhouse-client';

/** `::ffff:192.0.2.1` (an IPv4 client of a dual-stack socket) is `192.0.2.1`; ports and brackets are dropped. */
export function normalizeAddress(raw) {
  if (typeof raw !== 'string') return null;
  let address = raw.trim();
  if (!address) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const zone = address.indexOf('%');
  if (zone > 0) address = address.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) address = mapped[1];
  const family = isIP(address);
  if (family === 0) return null;
  return family === 6 ? address.toLowerCase() : address;
}

/**
 * Parses TRUSTED_PROXIES. Returns null when unset or empty (trust no proxy), `{ hops }` for a number,
 * `{ ranges }` for a list; throws an Error naming the bad entry otherwise.
 */
export function parseTrustedProxies(value) {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 32) throw new Error(`TRUSTED_PROXIES: a number of hops must be between 1 and 32, got ${text}`);
    return { hops };
  }
  const ranges = new BlockList();
  const entries = [];
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [addressPart, prefixPart, ...extra] = entry.split('/');
    const address = normalizeAddress(addressPart);
    const family = address ? isIP(address) : 0;
    const max = family === 4 ? 32 : 128;
    const prefix = prefixPart === undefined ? max : /^\d{1,3}$/.test(prefixPart) ? Number(prefixPart) : NaN;
    if (!address || extra.length > 0 || !(prefix >= 0 && prefix <= max)) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is neither a number of hops nor an IPv4/IPv6 address or CIDR range`);
    }
    ranges.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
    entries.push(`${address}/${prefix}`);
  }
  return { ranges, entries };
}

/** Whether an address (normalized) is one of the trusted ranges. */
export function isTrusted(trusted, address) {
  if (!trusted?.ranges || !address) return false;
  return trusted.ranges.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/** The entries of X-Forwarded-For (one header or several), left to right, as written. */
function forwardedChain(forwardedFor) {
  if (forwardedFor === undefined || forwardedFor === null) return [];
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(',') : String(forwardedFor);
  return joined.split(',').map((part) => part.trim()).filter(Boolean);
}

/**
 * The client's address: `remoteAddress` is the socket's peer, `forwardedFor` the X-Forwarded-For
 * header(s), `trusted` what parseTrustedProxies returned. Returns 'unknown' only when the socket
 * has no address (a destroyed socket) and nothing trusted says otherwise.
 */
export function clientAddress(remoteAddress, forwardedFor, trusted) {
  const peer = normalizeAddress(remoteAddress);
  if (!trusted) return peer ?? 'unknown';
  // Right to left: the socket's peer first, then what each proxy appended, the client's own claim last.
  const chain = [peer ?? 'unknown', ...forwardedChain(forwardedFor).reverse()];
  if (trusted.hops !== undefined) {
    // hops proxies in front: the peer is the nearest, the address at index `hops` is what the outermost one saw.
    const found = chain[Math.min(trusted.hops, chain.length - 1)];
    return normalizeAddress(found) ?? 'unknown';
  }
  for (const [index, raw] of chain.entries()) {
    const address = normalizeAddress(raw);
    // An entry that is not an address was written by someone we do not trust: stop at the last trusted hop.
    if (!address) return normalizeAddress(chain[index - 1]) ?? 'unknown';
    if (!isTrusted(trusted, address)) return address;
  }
  // Every hop is one of ours (a health check from inside): the leftmost is as far as anyone knows.
  return normalizeAddress(chain.at(-1)) ?? 'unknown';
}

/**
 * Writes the client's address into `req.headers[CLIENT_HEADER]`, replacing whatever the request
 * carried under that name. Next reads request headers from `req.headers`.
 */
export function assignClientHeader(req, trusted) {
  const address = clientAddress(req.socket?.remoteAddress, req.headers['x-forwarded-for'], trusted);
  req.headers[CLIENT_HEADER] = address;
  return address;
}
