import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../../ui';

const RP = 'APPLICATION.RELATED_PERSONS';

/** Asks before a person goes, since their shares in every company go with them. */
export type RemovePersonModalProps = { name: string; isOpen: boolean; onConfirm: () => void; onClose: () => void; onExited: () => void };

export function RemovePersonModal({ name, isOpen, onConfirm, onClose, onExited }: RemovePersonModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      onExited={onExited}
      size="small"
      title={t(`${RP}.REMOVE_MODAL.TITLE`, { name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t(`${RP}.MODAL.CANCEL`)}
          </Button>
          <Button onClick={onConfirm}>{t(`${RP}.REMOVE_MODAL.CONFIRM`)}</Button>
        </>
      }
    >
      <p>{t(`${RP}.REMOVE_MODAL.TEXT`)}</p>
    </Modal>
  );
}
