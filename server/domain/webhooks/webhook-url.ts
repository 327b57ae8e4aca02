/**
 * Credentials embedded in a webhook URL (`https://usuario:clave@host/…`, RFC 3986 userinfo): a
 * secret like the signing secret, so the API shows them only in the answer that creates the webhook
 * and masks them afterwards (DESIGN.md §15). A client that sends the masked URL back (the edit form
 * does) keeps the stored credentials. At delivery they travel as HTTP Basic authentication, which is
 * what a URL's userinfo means for http(s); fetch refuses a URL that carries them, and its error
 * would quote the URL, credentials included, into the delivery log.
 */

/** What replaces each part of the userinfo (user, password) in the API's answers. */
export const CREDENTIAL_MASK = '****';

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * The URL with its userinfo masked (user and password each {@link CREDENTIAL_MASK}); unchanged when
 * it has none or does not parse.
 * @example maskUrlCredentials('https://ana:s3cr3t@h.ec/x') // 'https://****:****@h.ec/x'
 */
export function maskUrlCredentials(url: string): string {
  const parsed = parse(url);
  if (!parsed || (!parsed.username && !parsed.password)) return url;
  parsed.username = CREDENTIAL_MASK;
  if (parsed.password) parsed.password = CREDENTIAL_MASK;
  return parsed.toString();
}

/**
 * The URL to store from an edit: when `input` carries the mask as its userinfo (the masked URL sent
 * back), the stored URL's credentials go in its place; otherwise `input` as given.
 * @example urlKeepingCredentials('https://****:****@h.ec/v2', 'https://ana:s3cr3t@h.ec/x') // 'https://ana:s3cr3t@h.ec/v2'
 */
export function urlKeepingCredentials(input: string, stored: string): string {
  const next = parse(input);
  const before = parse(stored);
  if (!next || !before || next.username !== CREDENTIAL_MASK || (next.password && next.password !== CREDENTIAL_MASK)) return input;
  next.username = before.username;
  next.password = before.password;
  return next.toString();
}

/**
 * Where to POST and the Authorization header the userinfo stands for.
 * @returns `url` without userinfo; `authorization` `Basic base64(user:password)` (percent-decoded),
 *   undefined when the URL has no credentials.
 */
export function deliveryTarget(url: string): { url: string; authorization?: string } {
  const parsed = parse(url);
  if (!parsed || (!parsed.username && !parsed.password)) return { url };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.toString(), authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}
