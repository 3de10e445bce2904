import type { Locale } from '@onboarding/domain';

/**
 * The links the mails carry (decision 45). Each opens the app in the mail's language (`lang`, docs/requirements.md
 * section 2), the sign-in screen first among them, and names what it points to, so that after signing in the person
 * lands there: the application (its step is the server's), the status page, an invitation. A link carries no
 * credentials: the process id only names an application its representative may open.
 */
export function createMailLinks(publicUrl: string) {
  const base = `${publicUrl.replace(/\/+$/, '')}/start`;
  const query = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('&');
  return {
    /** `${PUBLIC_URL}/start/application?processId=<id>&lang=<language>`: save and continue later. */
    continueLater: (processId: string, language: Locale): string => `${base}/application?${query({ processId, lang: language })}`,
    /** `${PUBLIC_URL}/start/success?processId=<id>&lang=<language>`: the applicant's status page. */
    statusPage: (processId: string, language: Locale): string => `${base}/success?${query({ processId, lang: language })}`,
    /** `${PUBLIC_URL}/start/invitation/<token>?lang=<language>`: an invitation's link. */
    invitation: (token: string, language: Locale): string => `${base}/invitation/${encodeURIComponent(token)}?${query({ lang: language })}`,
  };
}

export type MailLinks = ReturnType<typeof createMailLinks>;
