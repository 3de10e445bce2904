import { IDENTIFICATION_LOCATION_TYPES, type BankOffice, type IdentificationLocationType } from '@onboarding/domain';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Icon, Modal, Spinner, Tabs } from '../../../ui';
import { useLocale } from '../../../lib/fields/options';
import { useBankOffices } from '../../../lib/bank-offices';
import { OfficeDetails } from './office-details';
import styles from './overview.module.css';

const PICKER = 'APPLICATION.OVERVIEW.IDENTIFICATION.PICKER';

export type OfficePickerModalProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The office chosen so far, '' for none; its type's tab opens first. */
  chosenOfficeId: string;
  chosenType: IdentificationLocationType | '';
  onChoose: (office: BankOffice) => void;
};

/**
 * The identification location picker of docs/requirements.md section 2: tabs
 * Branch and Banking point, each listing its offices, and a filter on the
 * cash-free flag. The modal traps focus, closes on Escape and gives focus back
 * to its opener.
 */
export function OfficePickerModal({ isOpen, onClose, chosenOfficeId, chosenType, onChoose }: OfficePickerModalProps) {
  const { t } = useTranslation();
  const selectedTabRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={t(`${PICKER}.TITLE`)}
      description={t(`${PICKER}.DESCRIPTION`)}
      size="large"
      initialFocusRef={selectedTabRef}
    >
      {/* Inside the modal, so every opening starts from the chosen office's tab with the filter off. */}
      <OfficePicker chosenOfficeId={chosenOfficeId} initialType={chosenType || 'BRANCH'} onChoose={onChoose} selectedTabRef={selectedTabRef} />
    </Modal>
  );
}

type OfficePickerProps = {
  chosenOfficeId: string;
  initialType: IdentificationLocationType;
  onChoose: (office: BankOffice) => void;
  selectedTabRef: RefObject<HTMLButtonElement | null>;
};

function OfficePicker({ chosenOfficeId, initialType, onChoose, selectedTabRef }: OfficePickerProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<IdentificationLocationType>(initialType);
  const [isCashServiceOnly, setIsCashServiceOnly] = useState(false);

  return (
    <Tabs
      label={t(`${PICKER}.TABS_LABEL`)}
      tabs={IDENTIFICATION_LOCATION_TYPES.map((value) => ({ value, label: t(`${PICKER}.TABS.${value}`) }))}
      value={type}
      onChange={setType}
      selectedTabRef={selectedTabRef}
    >
      <Checkbox
        label={t(`${PICKER}.CASH_SERVICE_ONLY`)}
        hint={t(`${PICKER}.CASH_SERVICE_ONLY_HINT`)}
        checked={isCashServiceOnly}
        onChange={(event) => setIsCashServiceOnly(event.currentTarget.checked)}
      />
      <OfficeList type={type} isCashServiceOnly={isCashServiceOnly} chosenOfficeId={chosenOfficeId} onChoose={onChoose} />
    </Tabs>
  );
}

type OfficeListProps = { type: IdentificationLocationType; isCashServiceOnly: boolean; chosenOfficeId: string; onChoose: (office: BankOffice) => void };

function OfficeList({ type, isCashServiceOnly, chosenOfficeId, onChoose }: OfficeListProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const offices = useBankOffices();

  if (offices.isPending) return <Spinner />;
  if (offices.isError) {
    return (
      <div className={styles.pickerMessage}>
        <p>{t(`${PICKER}.LOAD_ERROR`)}</p>
        <Button variant="secondary" onClick={() => void offices.refetch()}>
          {t(`${PICKER}.RETRY`)}
        </Button>
      </div>
    );
  }

  const shown = offices.data
    .filter((office) => office.type === type && !(isCashServiceOnly && office.isCashFree))
    .sort((a, b) => a.city.localeCompare(b.city, locale) || a.name[locale].localeCompare(b.name[locale], locale));
  return (
    <>
      {/* Tells screen reader users what a tab or the filter changed. */}
      <p role="status" className={styles.pickerCount}>
        {t(`${PICKER}.COUNT`, { number: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className={styles.pickerMessage}>{t(`${PICKER}.EMPTY`)}</p>
      ) : (
        <ul className={styles.offices}>
          {shown.map((office) => {
            const isChosen = office.id === chosenOfficeId;
            return (
              <li key={office.id} className={styles.office} data-chosen={isChosen || undefined}>
                <OfficeDetails office={office} nameAs="h3" />
                <div className={styles.officeActions}>
                  {isChosen && (
                    <span className={styles.chosenMark}>
                      <Icon name="checkCircle" size="small" />
                      {t(`${PICKER}.CHOSEN`)}
                    </span>
                  )}
                  <Button variant={isChosen ? 'primary' : 'secondary'} onClick={() => onChoose(office)}>
                    {t(`${PICKER}.CHOOSE`)} <span className="visually-hidden">{office.name[locale]}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
