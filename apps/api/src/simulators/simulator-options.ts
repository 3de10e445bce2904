import { decodeBase64 } from '../modules/identity/base64.js';
import type { PhoneScreens } from './phone-screens.js';
import type { SimulatorPki } from './simulator-pki.js';

/** What both service simulators share. */
export type ServiceSimulatorOptions = {
  /** The relying party the simulators accept, as SK would have configured it. */
  relyingPartyUuid: string;
  relyingPartyName: string;
  /** How long a session runs before it completes; 0 completes at once. */
  completionDelayMs: number;
  pki: SimulatorPki;
  phoneScreens: PhoneScreens;
};

/** Base64 of exactly `length` bytes, or null (SK answers 400 otherwise, docs/eid-facts.md section 3.3). */
export const decodeHash = (value: string, length: number): Buffer | null => {
  const bytes = decodeBase64(value);
  return bytes?.length === length ? bytes : null;
};

// relyingPartyName is case-insensitive at both services (docs/eid-facts.md sections 1.3, 3.1).
export const isSameRelyingPartyName = (given: string, expected: string): boolean => given.toLowerCase() === expected.toLowerCase();
