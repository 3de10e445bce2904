import type { DetailRequest } from '@onboarding/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InvitationItem } from '../../../lib/invitations/invitation-item';
import { Button } from '../../../ui';
import { useDetailRequestActions } from '../api/detail-requests';
import styles from './related-persons.module.css';

type Props = {
  processId: string;
  personId: string;
  name: string;
  /** Only a person with a personal code can sign in as themselves to answer. */
  hasPersonalCode: boolean;
  request: DetailRequest | undefined;
};

/**
 * On a related person's card (decision 40): the applicant may ask the person to give their own details by a mailed
 * link, and sees how the request stands. Behind a button until asked, so the cards stay short.
 */
export function OwnDetailsRequest({ processId, personId, name, hasPersonalCode, request }: Props) {
  const { t } = useTranslation();
  const actions = useDetailRequestActions(processId);
  const [isOpen, setIsOpen] = useState(false);

  if (!request && !isOpen) {
    return (
      <div className={styles.ownDetails}>
        {hasPersonalCode ? (
          <Button variant="link" size="small" padding="none" aria-expanded={false} onClick={() => setIsOpen(true)}>
            {t('DETAILS_REQUEST.FORM_LABEL', { name })}
          </Button>
        ) : (
          <p className={styles.muted}>{t('DETAILS_REQUEST.NO_CODE', { name })}</p>
        )}
      </div>
    );
  }
  return (
    <div className={styles.ownDetails}>
      <InvitationItem
        as="div"
        className={styles.ownDetailsItem}
        texts="DETAILS_REQUEST"
        name={name}
        title={t('DETAILS_REQUEST.TITLE')}
        headingLevel={4}
        invitation={request ?? null}
        isActive={hasPersonalCode}
        actions={{
          invite: (address) => actions.request.mutateAsync({ personId, ...address }),
          sendAgain: (invitationId) => actions.sendAgain.mutateAsync(invitationId),
          withdraw: (invitationId) => actions.withdraw.mutateAsync(invitationId),
        }}
      />
      {request?.status !== 'ANSWERED' && <p className={styles.muted}>{t('DETAILS_REQUEST.HOW', { name })}</p>}
    </div>
  );
}
