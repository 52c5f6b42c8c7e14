import { normalizeIP } from '@fastify/rate-limit';

/** IPv6 clients are counted by their /64: one subscriber or host usually holds a whole /64. */
export const IPV6_SUBNET = 64;

/**
 * The client an attempt is counted against, from its IP, exactly as the rate limits count it
 * (@fastify/rate-limit's normalizeIP): an IPv4 address as it is (IPv4-mapped IPv6 too), an IPv6
 * address by its /64, so one client cannot pick a fresh address per guess from its /64.
 */
export function clientKey(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  try {
    return normalizeIP(ip, IPV6_SUBNET);
  } catch {
    return ip;
  }
}
