import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Webhook endpoints must be on the public internet: an address that resolves to loopback, a private
 * network, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast or another
 * reserved range is refused, so an administrator's setting cannot point the server at the inside of
 * its own network. Checked when an endpoint is saved and again on every delivery, on the address the
 * connection actually uses (DNS can change between the two).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is loopback, private or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  // not an address at all: never trusted
  return true;
}

export class AddressRefused extends Error {
  constructor(
    message: string,
    readonly reason: 'private' | 'unresolved' | 'scheme',
  ) {
    super(message);
  }
}

/** The host of a URL as DNS and isIP read it (IPv6 literals without their brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves `url`'s host and refuses it when any address it resolves to is private (unless
 * `allowPrivate`), and plain http unless `allowPrivate`. Answers the addresses.
 */
export async function checkEndpointAddress(
  url: URL,
  opts: { allowPrivate: boolean; resolve?: (host: string) => Promise<string[]> },
): Promise<string[]> {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && opts.allowPrivate)) {
    throw new AddressRefused('The address must start with https://.', 'scheme');
  }
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (opts.resolve ?? resolveAll)(host);
    } catch {
      throw new AddressRefused(`The host ${host} could not be found.`, 'unresolved');
    }
    if (addresses.length === 0) throw new AddressRefused(`The host ${host} could not be found.`, 'unresolved');
  }
  if (!opts.allowPrivate && addresses.some(isPrivateAddress)) {
    throw new AddressRefused(`${host} resolves to a loopback or private address (refused).`, 'private');
  }
  return addresses;
}

async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses private addresses: the address checked is the one
 * the socket connects to, so a name that changes between the check and the connection (DNS
 * rebinding) cannot slip through.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number } | number, callback: LookupCallback) => {
    const all = typeof options === 'object' && options.all;
    lookup(hostname, { all: true, verbatim: true })
      .then((addresses) => {
        if (addresses.length === 0) throw Object.assign(new Error(`${hostname} could not be found`), { code: 'ENOTFOUND' });
        if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
          throw Object.assign(new AddressRefused(`${hostname} resolves to a loopback or private address (refused)`, 'private'), {
            code: 'EADDRREFUSED',
          });
        }
        if (all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, all ? [] : ''));
  };
}
