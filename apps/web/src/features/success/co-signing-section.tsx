import type { CoSigner } from '@onboarding/domain';
import { useTranslation } from 'react-i18next';
import { InvitationItem } from '../../lib/invitations/invitation-item';
import { Spinner } from '../../ui';
import { useCoSigning, useInvitationActions } from './api/co-signing';
import styles from './co-signing-section.module.css';

/**
 * The board members who must sign too (decision 39), on the status page of an application waiting for their
 * signatures: how many are still needed, and for each member the latest invitation, its answer and what the
 * applicant can do now (invite, mail the link again, withdraw it).
 */
export function CoSigningSection({ processId, isWaiting }: { processId: string; isWaiting: boolean }) {
  const { t } = useTranslation();
  const query = useCoSigning(processId, isWaiting);
  if (!query.data) {
    // Once submitted, the section only recalls who signed: nothing to say when it cannot be read.
    if (!isWaiting) return null;
    return query.isError ? (
      <p role="alert" className={styles.error}>
        {t('CO_SIGNING.LOAD_FAILED')}
      </p>
    ) : (
      <Spinner />
    );
  }
  const { othersNeeded, signedCount, coSigners } = query.data;
  // Submitted without the product collecting signatures (the applicant signed alone, or the bank asks the board): none to show.
  if (!isWaiting && signedCount === 0) return null;
  return (
    <section aria-labelledby="co-signing-title" className={styles.section}>
      <h2 id="co-signing-title" className={styles.title}>
        {t('CO_SIGNING.TITLE')}
      </h2>
      <p>{t('CO_SIGNING.NEEDED', { needed: othersNeeded, signed: signedCount })}</p>
      {isWaiting && <p className={styles.muted}>{t('CO_SIGNING.HOW')}</p>}
      <ul className={styles.list}>
        {coSigners
          // Once submitted: only those who signed.
          .filter((coSigner) => isWaiting || coSigner.invitation?.status === 'SIGNED')
          .map((coSigner) => (
            <CoSignerItem key={coSigner.candidateIndex} processId={processId} coSigner={coSigner} isWaiting={isWaiting} />
          ))}
      </ul>
    </section>
  );
}

function CoSignerItem({ processId, coSigner, isWaiting }: { processId: string; coSigner: CoSigner; isWaiting: boolean }) {
  const actions = useInvitationActions(processId);
  const name = `${coSigner.firstName} ${coSigner.lastName}`;
  return (
    <InvitationItem
      texts="CO_SIGNING"
      name={name}
      title={name}
      headingLevel={3}
      invitation={coSigner.invitation}
      isActive={isWaiting}
      actions={{
        invite: (address) => actions.invite.mutateAsync({ candidateIndex: coSigner.candidateIndex, ...address }),
        sendAgain: (invitationId) => actions.sendAgain.mutateAsync(invitationId),
        withdraw: (invitationId) => actions.withdraw.mutateAsync(invitationId),
      }}
    />
  );
}
