import { isIPv6 } from 'node:net';

/**
 * The client a per-client limit counts: an IPv4 address itself, an IPv6 address by its /64 (one subscriber's network:
 * a host picks any address inside it at will, so counting single IPv6 addresses would count nothing).
 */
export function clientKey(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const before = groups(head);
  const after = address.includes('::') ? groups(tail) : [];
  // An embedded IPv4 tail is two groups, and lies in the host half anyway.
  const width = (parts: string[]) => parts.reduce((sum, part) => sum + (part.includes('.') ? 2 : 1), 0);
  const full = [...before, ...Array<string>(8 - width(before) - width(after)).fill('0'), ...after];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
