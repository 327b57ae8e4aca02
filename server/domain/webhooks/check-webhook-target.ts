/**
 * Webhook targets must be public (DESIGN.md §9): a company could otherwise make the server call
 * its own loopback, the private network it runs in, or a cloud metadata service (169.254.169.254)
 * and read the answers in the delivery log. The host is resolved and every address it resolves to
 * is checked, at creation and again before each delivery (DNS can change in between). A host that
 * does not resolve right now (the office is offline, the receiver's name is not published yet) does
 * not stop saving the webhook: there is nothing to judge yet, and each delivery resolves it again,
 * refuses it then if it resolves to a private address, and logs the failure while it does not resolve.
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

/** What checking a target found: a problem (Spanish) or none, and whether its host did not resolve now. */
export interface WebhookTargetCheck {
  problem: string | null;
  /** The host's name did not resolve (problem says so): saving may go on, a delivery fails. */
  unresolved: boolean;
}

/**
 * Checks `url`: only http(s), and unless `allowPrivate` every address its host resolves to must be
 * public ('localhost' and IP literals need no DNS and are judged at once).
 */
export async function checkWebhookTarget(url: string, p: { allowPrivate: boolean }): Promise<WebhookTargetCheck> {
  const fail = (problem: string, unresolved = false) => ({ problem, unresolved });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail('La URL no es válida');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return fail('La URL debe empezar con https:// o http://');
  if (p.allowPrivate) return { problem: null, unresolved: false };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const privateProblem = `La URL apunta a una dirección local o privada (${host}); los webhooks solo se envían a direcciones públicas`;
  if (/^localhost\.?$/i.test(host) || /\.localhost\.?$/i.test(host)) return fail(privateProblem);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return fail(`No se pudo resolver el nombre ${host}`, true);
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) return fail(privateProblem);
  return { problem: null, unresolved: false };
}

/** Why `url` may not receive webhooks now, in Spanish (an unresolved host included), or null when it may. */
export async function webhookTargetProblem(url: string, p: { allowPrivate: boolean }): Promise<string | null> {
  return (await checkWebhookTarget(url, p)).problem;
}
