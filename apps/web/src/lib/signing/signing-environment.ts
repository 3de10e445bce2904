import { POLL_INTERVAL_MS } from '@onboarding/domain';
import { createContext, useContext } from 'react';
import { readPageSettings } from '../page-settings';
import { requireSecurePage, type IdCardSigner } from './id-card/id-card-signer';
import { createSimulatedIdCardSigner } from './id-card/simulated-id-card-signer';
import { createWebEidSigner } from './id-card/web-eid-signer';

/** What signing needs from outside the page: the ID-card in the browser and the status poll's pace. */
export type SigningEnvironment = {
  /** The signing interface for the signed-in person's ID-card. */
  idCardSignerFor: (personalId: string) => IdCardSigner;
  /** docs/requirements.md section 4: poll every second while waiting. */
  pollIntervalMs: number;
};

const isIdentitySimulated = () => readPageSettings().isIdentitySimulated;

export const defaultSigningEnvironment: SigningEnvironment = {
  // Browser crypto (Web eID) only on https: or file: pages (docs/requirements.md section 5); the simulated
  // card reader is the server's own stand-in, without browser crypto, so it works on http://localhost too.
  idCardSignerFor: (personalId) => (isIdentitySimulated() ? createSimulatedIdCardSigner(personalId) : requireSecurePage(createWebEidSigner())),
  pollIntervalMs: POLL_INTERVAL_MS,
};

/** Tests put a stub card and a faster pace here. */
export const SigningEnvironmentContext = createContext<SigningEnvironment>(defaultSigningEnvironment);

export const useSigningEnvironment = () => useContext(SigningEnvironmentContext);
