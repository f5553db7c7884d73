import { isIP } from 'node:net';

function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.replace(/^0+(?=.)/, '').toLowerCase());
}

/**
 * Who a rate limit or a lock-out counts against: the client's address (`request.ip`, which
 * follows X-Forwarded-For only from proxies named in TRUST_PROXY). An IPv6 client counts as its
 * /64 network: one subscriber usually holds all of it and could otherwise take a fresh address
 * for every request.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  return `${expandIPv6(ip.split('%')[0]!).slice(0, 4).join(':')}::/64`;
}
