import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';

/**
 * The part of a guarded request that the media proxy's fetcher and the webhook
 * sender share: every address a host name resolves to is checked, and the connection then goes to the
 * checked address through a lookup that answers only it, so no second resolution (a DNS rebind) can
 * send the request somewhere else.
 */

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

export type CheckedAddress = { ok: true; address: LookupAddress } | { ok: false; reason: 'dns' | 'address' };

/**
 * The address to connect to for `url`'s host: an IP literal as written, or the first of the name's
 * addresses, provided every one of them passes `isAllowed` ('address' otherwise; 'dns' when the name
 * does not resolve).
 */
export async function checkedAddress(url: URL, isAllowed: (address: string) => boolean, resolve: Resolve = systemResolve): Promise<CheckedAddress> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  const family = isIP(hostname);
  if (family) addresses = [{ address: hostname, family }];
  else {
    try {
      addresses = await resolve(hostname);
    } catch {
      return { ok: false, reason: 'dns' };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: 'dns' };
  if (addresses.some((entry) => !isAllowed(entry.address))) return { ok: false, reason: 'address' };
  return { ok: true, address: first };
}

/** A `lookup` for http(s).request that answers only the checked address. */
export function pinnedLookup(pinned: LookupAddress): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}
