import { mobileIdVerificationCode, smartIdVerificationCode } from '@onboarding/domain';

/** What the simulated person's phone shows with the PIN1 prompt. */
export type PhoneScreen = { service: 'SMART_ID' | 'MOBILE_ID'; verificationCode: string; displayText?: string };

export type PhoneScreens = {
  /** Records the prompt of a new session; the code is computed from the hash the simulator received, as the phone does. */
  show(personalId: string, service: PhoneScreen['service'], hash: Uint8Array, displayText?: string): void;
  /** The latest prompt shown to this person, if any. */
  latest(personalId: string): PhoneScreen | undefined;
};

export const createPhoneScreens = (): PhoneScreens => {
  const screens = new Map<string, PhoneScreen>();
  return {
    show(personalId, service, hash, displayText) {
      const verificationCode = service === 'SMART_ID' ? smartIdVerificationCode(hash) : mobileIdVerificationCode(hash);
      screens.set(personalId, { service, verificationCode, ...(displayText === undefined ? {} : { displayText }) });
    },
    latest: (personalId) => screens.get(personalId),
  };
};
