import { openingReasonsDraftSchema, openingReasonsFromDraft, openingReasonsSchema, type OpeningReasons, type OpeningReasonsDraft } from '@onboarding/domain';
import type { Resolver } from 'react-hook-form';
import { draftResolver } from '../../../lib/domain-resolver';

/** What the form holds: the domain's draft of the step; the draft is saved in this shape too. */
export type OpeningReasonsFormValues = OpeningReasonsDraft;

/** The fields the server may name in a refusal. */
export const OPENING_REASONS_FIELDS = Object.keys(openingReasonsSchema.shape);

/** Form values from saved step data or a draft; anything unknown is left out. */
export const openingReasonsFormValues = (data: unknown): OpeningReasonsFormValues => openingReasonsDraftSchema.parse(data);

/** The domain schema over the step data the form would send; its paths are the form's field names. */
export const openingReasonsResolver: Resolver<OpeningReasonsFormValues, unknown, OpeningReasons> = draftResolver(openingReasonsSchema, openingReasonsFromDraft);
