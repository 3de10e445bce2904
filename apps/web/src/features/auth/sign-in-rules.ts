import { mobileIdStartInputSchema, smartIdStartInputSchema } from '@onboarding/domain';
import { domainResolver } from '../../lib/domain-resolver';

/** The sign-in forms' rules: the domain schemas, loaded after the sign-in screen has painted (sign-in-form-rules.ts). */
export const signInResolvers = {
  // The Smart-ID schema is the Mobile-ID one without the phone; one values type serves both forms.
  SMART_ID: domainResolver(smartIdStartInputSchema as typeof mobileIdStartInputSchema),
  MOBILE_ID: domainResolver(mobileIdStartInputSchema),
  MAGIC: domainResolver(smartIdStartInputSchema),
};
