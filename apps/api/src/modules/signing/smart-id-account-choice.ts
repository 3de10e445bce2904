import { DEVICE_LINK_LANGUAGES, type DeviceLinkFlow, type Locale } from '@onboarding/domain';
import { LRUCache } from 'lru-cache';
import type { StoredCertificateChoiceLink } from '../../db/schema.js';
import { matchesTokenHash, randomToken, tokenHash } from '../auth/index.js';
import { DEVICE_LINK_WINDOW_SECONDS, isSessionSecretDigest, type CertificateChoiceLink, type SigningProviders } from '../identity/index.js';
import type { SigningSessionRow } from './signing-repository.js';

/** Where the Smart-ID app sends a person who signs on this phone once the account is chosen: a page of the web app. */
export const SIGNING_RETURN_PATH = '/start/signing/smart-id-return';

/** Seals a session's secret before it is stored, and opens it again; the keys never reach the database. */
export type SecretSealing = {
  seal(value: string): StoredCertificateChoiceLink['sealedSessionSecret'];
  unseal(sealed: StoredCertificateChoiceLink['sealedSessionSecret']): string;
};

// Links this instance started or has read, so a QR's renewal each second costs an HMAC, not a query.
const LINKS_KEPT = 2_000;

type Known = { link: CertificateChoiceLink; personalId: string; processId: string };

export type AccountChoiceOptions = {
  smartId: Pick<SigningProviders['SMART_ID'], 'startDeviceLinkCertificateChoice' | 'certificateChoiceLink'>;
  sealing: SecretSealing;
  /** The web app's public origin and base, where the Web2App return page is. */
  publicUrl: string;
  now: () => Date;
};

/**
 * Choosing the Smart-ID account to sign with by QR code or the app's link, when the person did not sign in
 * with Smart-ID (linked signing, decision 38): the first half of SK's linked flow. The choice's links are drawn
 * here; the signature that follows is asked by notification from the chosen account.
 */
export function createAccountChoice({ smartId, sealing, publicUrl, now }: AccountChoiceOptions) {
  const known = new LRUCache<string, Known>({ max: LINKS_KEPT, ttl: 2 * DEVICE_LINK_WINDOW_SECONDS * 1000 });

  const toStored = ({ providerSessionId: _kept, sessionSecret, ...link }: CertificateChoiceLink): StoredCertificateChoiceLink => ({
    ...link,
    sealedSessionSecret: sealing.seal(sessionSecret),
  });

  const linkOf = (link: CertificateChoiceLink, language: Locale) =>
    smartId.certificateChoiceLink(link, { lang: DEVICE_LINK_LANGUAGES[language], nowMs: now().getTime() });

  /** The choice of a session: from this instance's memory, else unsealed from its row. */
  const choiceOf = (row: SigningSessionRow): Known | undefined => {
    const remembered = known.get(row.id);
    if (remembered) return remembered;
    if (!row.deviceLink || !row.providerSessionId) return undefined;
    const { sealedSessionSecret, ...stored } = row.deviceLink;
    const choice = {
      link: { ...stored, providerSessionId: row.providerSessionId, sessionSecret: sealing.unseal(sealedSessionSecret) },
      personalId: row.personalId,
      processId: row.processId,
    };
    known.set(row.id, choice);
    return choice;
  };

  return {
    /** Asks SK for a choice by QR code or app link; the answer's link is the first the person sees. */
    async start(row: SigningSessionRow, flow: DeviceLinkFlow, language: Locale) {
      // Web2App: the app returns the person to a page that names this session and carries a one-time value.
      const value = flow === 'Web2App' ? randomToken() : undefined;
      const initialCallbackUrl = value ? `${publicUrl}${SIGNING_RETURN_PATH}?${new URLSearchParams({ session: row.id, value })}` : undefined;
      const link = await smartId.startDeviceLinkCertificateChoice({ flow, ...(initialCallbackUrl ? { initialCallbackUrl } : {}), now: now().getTime() });
      known.set(row.id, { link, personalId: row.personalId, processId: row.processId });
      return {
        providerSessionId: link.providerSessionId,
        stored: { ...toStored(link), ...(value ? { valueHash: tokenHash(value) } : {}) },
        answer: { deviceLink: linkOf(link, language), deviceLinkFlow: flow, expiresInSeconds: DEVICE_LINK_WINDOW_SECONDS },
      };
    },

    /**
     * A QR code's link for this second, for the person who started it; undefined once it was chosen, ended or
     * its window passed. `row` is read only when this instance does not know the session as the asker's; it
     * checks that the application is the asker's first.
     */
    async deviceLink(
      id: string,
      who: { personalId: string; processId: string },
      language: Locale,
      row: () => Promise<SigningSessionRow | undefined>,
    ): Promise<string | undefined> {
      const isTheirs = (candidate: Known | undefined): candidate is Known =>
        candidate !== undefined && candidate.personalId === who.personalId && candidate.processId === who.processId;
      let choice = known.get(id);
      // Anything but the asker's own known choice takes the way a missing one takes: a look-up that checks the owner.
      if (!isTheirs(choice)) {
        const stored = await row();
        choice = stored?.status === 'RUNNING' && !stored.documentNumber ? choiceOf(stored) : undefined;
      }
      if (!isTheirs(choice)) return undefined;
      const { link } = choice;
      if (link.flow !== 'QR' || now().getTime() - link.createdAtMs >= DEVICE_LINK_WINDOW_SECONDS * 1000) return undefined;
      return linkOf(link, language);
    },

    /**
     * The checks of a Web2App return (docs/eid-facts.md section 1.10): the one-time value this session's
     * address carried, and the digest of its secret that only SK and the app could add. The caller spends the
     * value whatever the answer.
     */
    isGenuineReturn(row: SigningSessionRow, input: { value: string; sessionSecretDigest: string }): boolean {
      const choice = row.deviceLink?.flow === 'Web2App' ? choiceOf(row) : undefined;
      return (
        choice !== undefined &&
        matchesTokenHash(input.value, row.deviceLink?.valueHash) &&
        isSessionSecretDigest(choice.link.sessionSecret, input.sessionSecretDigest)
      );
    },

    forget: (id: string) => void known.delete(id),
  };
}

export type AccountChoice = ReturnType<typeof createAccountChoice>;
