import { formatAddress, type OwnDetails, type ReceivedInvitation } from '@onboarding/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../lib/country-name';
import { formatBankDate, localeOf } from '../../lib/formats';
import { useSignedInPerson } from '../../lib/use-signed-in-person';
import { Button } from '../../ui';
import { useGiveOwnDetails } from './api/invitation';
import { OwnDetailsForm } from './own-details-form';
import styles from './invitation-page.module.css';

const DETAILS = 'INVITATION.DETAILS';

/**
 * The invited person's details as the application holds them, to check before signing (decisions 39 and 40): as the
 * applicant declared them, or as the person gave them. What is wrong they correct in their own words; the bank sees
 * their answer beside the applicant's, and the application the applicant signed stays as it was.
 */
export function OwnDetailsSection({ token, invitation }: { token: string; invitation: ReceivedInvitation }) {
  const { t, i18n } = useTranslation();
  const person = useSignedInPerson();
  const give = useGiveOwnDetails(token);
  const isOpen = invitation.status === 'PENDING';
  // Asked for their details, the person answers in the form at once; asked to sign, they correct only what is wrong.
  const [isEditing, setIsEditing] = useState(isOpen && invitation.purpose === 'DETAILS');
  const [isSaved, setIsSaved] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { declared, own } = invitation;
  const shown = own?.details ?? declared?.details;
  const action = own ? 'CHANGE' : declared ? 'CORRECT' : 'GIVE';

  const close = () => {
    setIsEditing(false);
    requestAnimationFrame(() => titleRef.current?.focus());
  };

  return (
    <section aria-labelledby="invitation-details-title" className={styles.section}>
      <h2 id="invitation-details-title" ref={titleRef} tabIndex={-1} className={styles.title}>
        {t(`${DETAILS}.TITLE`)}
      </h2>
      {shown && !isEditing && <DetailsList details={shown} roles={declared?.roles} />}
      {!shown && invitation.purpose === 'SIGN' && <p>{t(`${DETAILS}.NONE`, { applicantName: invitation.applicantName })}</p>}
      {own && (
        <p className={styles.muted}>
          {t('INVITATION.OWN.GIVEN', { date: formatBankDate(own.givenAt, localeOf(i18n.language)), applicantName: invitation.applicantName })}
        </p>
      )}
      {isOpen && invitation.purpose === 'SIGN' && !own && declared && (
        <p className={styles.muted}>{t(`${DETAILS}.WRONG`, { applicantName: invitation.applicantName })}</p>
      )}
      <p role="status" className={styles.status}>
        {isSaved && !isEditing ? t('INVITATION.OWN.SAVED') : ''}
      </p>
      {isOpen && !isEditing && (
        <div>
          <Button variant="outline" onClick={() => setIsEditing(true)}>
            {t(`INVITATION.OWN.${action}`)}
          </Button>
        </div>
      )}
      {isEditing && person && (
        <OwnDetailsForm
          details={shown}
          person={{ personalId: person.personalId, personalIdCountryCode: person.personalIdCountryCode }}
          onSave={async (details: OwnDetails) => {
            await give.mutateAsync(details);
            setIsSaved(true);
            close();
          }}
          onCancel={close}
        />
      )}
    </section>
  );
}

function DetailsList({ details, roles }: { details: OwnDetails; roles: readonly string[] | undefined }) {
  const { t, i18n } = useTranslation();
  const country = (code: string) => countryName(code, i18n.language);
  return (
    <dl className={styles.details}>
      {roles && roles.length > 0 && (
        <>
          <dt>{t(`${DETAILS}.ROLES`)}</dt>
          <dd>{roles.map((role) => t(`APPLICATION.RELATED_PERSONS.ROLES.${role}` as 'APPLICATION.RELATED_PERSONS.ROLES.REPRESENTATIVE')).join(', ')}</dd>
        </>
      )}
      <dt>{t(`${DETAILS}.BIRTH_COUNTRY`)}</dt>
      <dd>{country(details.birthCountryCode)}</dd>
      <dt>{t(`${DETAILS}.NATIONALITY`)}</dt>
      <dd>{country(details.nationalityCountryCode)}</dd>
      <dt>{t(`${DETAILS}.ADDRESS`)}</dt>
      <dd>{formatAddress(details.residentialAddress, { country })}</dd>
      <dt>{t(`${DETAILS}.RESIDENCY`)}</dt>
      <dd>{t(`APPLICATION.RELATED_PERSONS.RESIDENCY.${details.residency}`)}</dd>
      <dt>{t(`${DETAILS}.TAX_RESIDENCES`)}</dt>
      <dd>
        <ul className={styles.plainList}>
          {details.taxResidences.map(({ countryCode, tin }) => (
            <li key={countryCode}>{t(`${DETAILS}.TAX_RESIDENCE`, { country: country(countryCode), tin })}</li>
          ))}
        </ul>
      </dd>
      <dt>{t(`${DETAILS}.PEP`)}</dt>
      <dd>{details.isPep ? [t(`${DETAILS}.YES`), details.pep?.governmentPosition].filter(Boolean).join(': ') : t(`${DETAILS}.NO`)}</dd>
    </dl>
  );
}
