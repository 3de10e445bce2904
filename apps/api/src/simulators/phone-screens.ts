import { mobileIdVerificationCode, smartIdVerificationCode } from '@onboarding/domain';

/** What the simulated person's phone shows with a PIN prompt: PIN1 for sign-in, PIN2 for signing. */
export type PhoneScreen = { service: 'SMART_ID' | 'MOBILE_ID'; pin: 'PIN1' | 'PIN2'; verificationCode: string; displayText?: string };

export type PhonePrompt = { service: PhoneScreen['service']; pin: PhoneScreen['pin']; hash: Uint8Array; displayText?: string | undefined };

export type PhoneScreens = {
  /** Records the prompt of a new session; the code is computed from the hash the simulator received, as the phone does. */
  show(personalId: string, prompt: PhonePrompt): void;
  /** The latest prompt shown to this person, if any. */
  latest(personalId: string): PhoneScreen | undefined;
};

export const createPhoneScreens = (): PhoneScreens => {
  const screens = new Map<string, PhoneScreen>();
  return {
    show(personalId, { service, pin, hash, displayText }) {
      const verificationCode = service === 'SMART_ID' ? smartIdVerificationCode(hash) : mobileIdVerificationCode(hash);
      screens.set(personalId, { service, pin, verificationCode, ...(displayText === undefined ? {} : { displayText }) });
    },
    latest: (personalId) => screens.get(personalId),
  };
};
