import { USER_CANCEL_ERROR_CODE, type WebEidAuthTokenInput } from '@onboarding/domain';
import { SignInError } from './sign-in-error';

/** Same origin: the API mounts the simulators' card reader here in simulated mode only. */
const READER_PATH = '/dev/id-card/authenticate';

/**
 * The card's hwcrypto error strings (docs/requirements.md section 8, plugin
 * errors) as sign-in codes of the ID-card rows: the user's cancel shows
 * nothing, a card without certificates and missing ID-card software have their
 * messages, everything else is unexpected (the technical error).
 */
export const signInCodeOfCardError = (error: unknown): string => {
  switch (error) {
    case 'user_cancel':
      return USER_CANCEL_ERROR_CODE;
    case 'no_certificates':
      return 'no_certificate';
    case 'no_implementation':
      return 'no_implementation';
    default:
      return 'unexpected';
  }
};

export type SimulatedCardReader = {
  /** The card's PIN1 answer to the server's nonce, signed with this page's origin as Web eID's authenticate does. */
  authenticate: (personalId: string, nonce: string) => Promise<WebEidAuthTokenInput>;
};

/** Simulated mode: the simulators' card reader holds a card for whichever personal code is given. */
export const simulatedCardReader: SimulatedCardReader = {
  async authenticate(personalId, nonce) {
    let response: Response;
    try {
      response = await fetch(READER_PATH, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ personalId, nonce, origin: window.location.origin }),
      });
    } catch {
      throw new SignInError('unexpected');
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) throw new SignInError(signInCodeOfCardError(body.error));
    return body as WebEidAuthTokenInput;
  },
};
