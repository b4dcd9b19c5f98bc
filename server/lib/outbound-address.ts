import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a request to a host on the internet must never reach: this machine, the private networks around it, the
 * cloud's metadata service (169.254.169.254 and fd00:ec2::254 are link-local and unique-local; 100.100.100.200 is in
 * CGNAT), multicast and the reserved ranges. An IPv4 rule also covers the address written as IPv4-mapped IPv6
 * (::ffff:127.0.0.1); IPv6 forms that carry an IPv4 address (IPv4-compatible, NAT64, 6to4, Teredo) are refused whole.
 */
const NOT_ON_THE_INTERNET = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_ON_THE_INTERNET.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_ON_THE_INTERNET.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` (an IP address) is one on the public internet. `allowLoopback`: tests' own servers on 127.0.0.1 too. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowLoopback && LOOPBACK.check(address, type)) return true;
  return !NOT_ON_THE_INTERNET.check(address, type);
}

export class RefusedAddressError extends Error {
  readonly code = 'ERR_REFUSED_ADDRESS';
}

type LookupAll = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
/** What `net.connect` calls to resolve a host name (its `lookup` option). */
export type Lookup = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * A `lookup` for `net.connect` that resolves the host once and refuses it if any of its addresses is not on the public
 * internet: the connection goes to the address checked here, with no second lookup between the check and the connect.
 * `resolve` is the system resolver; tests give their own.
 */
export function publicOnlyLookup(allowLoopback: boolean, resolve: LookupAll = dnsLookup): Lookup {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address, allowLoopback));
      if (refused || addresses.length === 0) {
        return callback(new RefusedAddressError(`${hostname} resolves to ${refused?.address ?? 'no address'}, which is not on the internet: refused`), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
