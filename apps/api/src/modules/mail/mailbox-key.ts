import { domainToASCII } from 'node:url';

/** Gmail delivers every spelling of one address with or without dots in its local part to the same mailbox. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, as far as a limit per address can tell:
 * `Mari.Maasikas+1@GMail.com` and `marimaasikas@gmail.com` are one mailbox, so
 * a limit cannot be dodged by case, +tags, Gmail's dots or a Unicode domain.
 * Two addresses of one key that are in fact two mailboxes only share a limit.
 */
export function mailboxKeyOf(address: string): string {
  const normalized = address.trim().normalize('NFC').toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at < 0) return normalized;
  const host = normalized.slice(at + 1).replace(/\.$/, '');
  const asciiHost = domainToASCII(host) || host;
  const domain = DOTLESS_DOMAINS[asciiHost] ?? asciiHost;
  const [untagged = ''] = normalized.slice(0, at).split('+');
  const local = untagged === '' ? normalized.slice(0, at) : untagged;
  return `${domain === 'gmail.com' ? local.replaceAll('.', '') : local}@${domain}`;
}
