import type { RegisterBeneficialOwner } from '@onboarding/domain';
import { benefitTypeOf } from './codes.js';
import { BENEFICIAL_OWNER_PERSON, isCurrentOn, personKeyOf, personOf } from './map-person.js';
import { flagAt, integerAt, objectAt, repeatedAt, textAt, type RikObject } from './values.js';

/** What tegelikudKasusaajad_v2 says besides the owners it names (docs/register-facts.md section 2.4). */
export type BeneficialOwnership = {
  /** Whether the company must file beneficial owners at all; undefined when the answer does not say. */
  mustFile: boolean | undefined;
  total: number;
  /** Counted by the register but not named: no automated approval can rest on such a list. */
  hidden: number;
  /** A notice that the beneficial-owner data are missing. */
  hasMissingDataNotice: boolean;
  /** The keys (personKeyOf) of the owners about whom a discrepancy notice was filed. */
  discrepancyNoticeOn: string[];
  /** Each named owner's own row, with its raw control code, for review. */
  owners: { owner: RegisterBeneficialOwner; controlCode: string | undefined; controlLabel: string | undefined; hasDiscrepancyNotice: boolean }[];
};

/**
 * The current beneficial owners. The register gives no share, so a holding owner's share is their holding through
 * the shareholders list (`holdingOf`, exact millionths), where the list shows one.
 */
export const readBeneficialOwners = (keha: RikObject, today: string, holdingOf: (personKey: string) => number | undefined): BeneficialOwnership => {
  const block = objectAt(keha, 'kasusaajad');
  const owners = repeatedAt(block, 'kasusaaja')
    .filter((row) => isCurrentOn(row, today))
    .map((row) => {
      const person = personOf(row, BENEFICIAL_OWNER_PERSON);
      const controlCode = textAt(row, 'kontrolli_teostamise_viis');
      const controlLabel = textAt(row, 'kontrolli_teostamise_viis_tekstina');
      const benefit = benefitTypeOf(controlCode, controlLabel);
      const share = benefit.benefitType === 'SHARE_OWNERSHIP' ? holdingOf(personKeyOf(person)) : undefined;
      const owner: RegisterBeneficialOwner = { ...person, ...benefit, ...(share === undefined || share <= 0 ? {} : { beneficiarySharePercent: share }) };
      return { owner, controlCode, controlLabel, hasDiscrepancyNotice: flagAt(row, 'lahknevusteade_esitatud') === true };
    });
  return {
    mustFile: flagAt(keha, 'esitab_kasusaajad'),
    total: integerAt(block, 'kasusaajate_arv_kokku') ?? owners.length,
    hidden: integerAt(block, 'peidetud_kasusaajate_arv') ?? 0,
    hasMissingDataNotice: flagAt(block, 'lahknevusteade_puudumisest') === true,
    discrepancyNoticeOn: owners.filter((entry) => entry.hasDiscrepancyNotice).map((entry) => personKeyOf(entry.owner)),
    owners,
  };
};
