import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64. One subscriber or
 * server is given a whole /64 (often a /48 or /56), so counting each IPv6 address on its own would give one attacker
 * billions of fresh allowances. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) counts as that IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const zoneless = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail = ''] = zoneless.includes('::') ? zoneless.split('::') : [zoneless, ''];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part fills two groups; the /64 never reaches it unless the address is written out in full.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const missing = zoneless.includes('::') ? 8 - width(headGroups) - width(tailGroups) : 0;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => (group.includes('.') ? '0' : String(parseInt(group, 16).toString(16))))
    .join(':')}::/64`;
}
