import { applicationOverviewSchema, overviewDraftSchema, overviewFromDraft, type ApplicationOverview, type OverviewDraft } from '@onboarding/domain';
import type { Resolver } from 'react-hook-form';
import { draftResolver } from '../../../lib/domain-resolver';

/** The overview step as the form holds it: the domain's draft of applicationOverviewSchema. The draft is saved in this shape too. */
export type OverviewFormValues = OverviewDraft;

/** The fields the server may name in a refusal. */
export const OVERVIEW_FIELDS = Object.keys(applicationOverviewSchema.shape);

/** Form values from a draft or saved step data; anything missing or of the wrong kind is left empty. */
export const overviewFormValues = (data: unknown): OverviewFormValues => overviewDraftSchema.parse(data);

/** applicationOverviewSchema over the step data the form would send. */
export const overviewResolver: Resolver<OverviewFormValues, unknown, ApplicationOverview> = draftResolver(applicationOverviewSchema, overviewFromDraft);
