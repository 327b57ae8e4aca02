/**
 * Webhook targets must be public (DESIGN.md §9): a company could otherwise make the server call
 * its own loopback, the private network it runs in, or a cloud metadata service (169.254.169.254)
 * and read the answers in the delivery log. The host is resolved and every address it resolves to
 * is checked, at creation and again before each delivery (DNS can change in between).
 * WEBHOOK_ALLOW_PRIVATE=1 turns the check off (tests, a receiver on the same network).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127], // unspecified and loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why `url` may not receive webhooks, in Spanish, or null when it may: only http(s), and unless
 * `allowPrivate` every address its host resolves to must be public.
 */
export async function webhookTargetProblem(url: string, p: { allowPrivate: boolean }): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'La URL no es válida';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'La URL debe empezar con https:// o http://';
  if (p.allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return `No se pudo resolver el nombre ${host}`;
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    return `La URL apunta a una dirección local o privada (${host}); los webhooks solo se envían a direcciones públicas`;
  }
  return null;
}
