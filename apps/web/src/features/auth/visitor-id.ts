/**
 * docs/requirements.md section 3: the authentication event's visitorId, a hash
 * of stable browser properties. It tells repeated failures from one browser
 * apart; it is not meant to identify a person, so nothing finer than this is
 * read.
 */
export function visitorProperties(): string[] {
  const { navigator: nav, screen } = window;
  return [
    nav.userAgent,
    (nav.languages ?? [nav.language]).join(','),
    `${screen.width}x${screen.height}`,
    String(screen.colorDepth),
    Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    String(nav.hardwareConcurrency ?? ''),
    nav.platform ?? '',
  ];
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let cached: Promise<string> | undefined;

export function visitorId(): Promise<string> {
  cached ??= sha256Hex(visitorProperties().join('|'));
  return cached;
}
