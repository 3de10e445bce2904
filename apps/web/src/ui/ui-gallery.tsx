import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../i18n/keys';
import { BADGE_SIZES, BADGE_VARIANTS, Badge } from './badge';
import { BUTTON_LINK_COLORS, BUTTON_PADDINGS, BUTTON_SIZES, BUTTON_VARIANTS, BUTTON_WIDTHS, Button } from './button';
import { CARD_WIDTHS, Card } from './card';
import { Checkbox } from './checkbox';
import { HeaderBlock } from './header-block';
import { ICON_NAMES, ICON_SIZES, Icon } from './icon';
import { Input } from './input';
import { MODAL_PADDINGS, MODAL_SIZES, Modal, type ModalPadding, type ModalSize } from './modal';
import { RadioGroup } from './radio-group';
import { CheckboxGroup } from './checkbox-group';
import { Select } from './select';
import { Spinner } from './spinner';
import { TOAST_VARIANTS, useToast, type ToastVariant } from './toast';
import styles from './ui-gallery.module.css';

/*
 * Every component and variant on one page, for the dev-only gallery route and
 * its screenshots. Captions are the prop values themselves (identifiers, not
 * copy); sample content comes from UI.GALLERY. Needs a ToastProvider above it,
 * as the app provides one already; a second one would duplicate the live regions.
 */
export function UiGallery() {
  const { t } = useTranslation();
  return (
    <div className={styles.gallery}>
      <header className={styles.intro}>
        <h1>{t('UI.GALLERY.TITLE')}</h1>
        <p>{t('UI.GALLERY.INTRO')}</p>
      </header>
      <ButtonsSection />
      <IconsSection />
      <BadgesSection />
      <CardsSection />
      <HeaderBlocksSection />
      <FormFieldsSection />
      <ModalsSection />
      <ToastsSection />
      <LoadingSection />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

function Row({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // A named group, so a test finds a specimen by its row as a person reads it.
    <div className={styles.row} role="group" aria-label={caption}>
      <code className={styles.caption}>{caption}</code>
      <div className={styles.items}>{children}</div>
    </div>
  );
}

function ButtonsSection() {
  const { t } = useTranslation();
  const label = t('UI.GALLERY.BUTTON_LABEL');
  return (
    <Section title={t('UI.GALLERY.BUTTONS')}>
      <Row caption="variant">
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {variant}
          </Button>
        ))}
      </Row>
      <Row caption="variant + disabled">
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant} disabled>
            {variant}
          </Button>
        ))}
      </Row>
      <Row caption="size">
        {BUTTON_SIZES.map((size) => (
          <Button key={size} size={size}>
            {size}
          </Button>
        ))}
      </Row>
      <Row caption="width">
        {BUTTON_WIDTHS.map((width) => (
          <Button key={width} width={width} variant="outline" aria-label={width === 'square' ? label : undefined}>
            {width === 'square' ? <Icon name="add" /> : width}
          </Button>
        ))}
      </Row>
      <Row caption="padding">
        {BUTTON_PADDINGS.map((padding) => (
          <Button key={padding} padding={padding} variant="secondary">
            {padding}
          </Button>
        ))}
      </Row>
      <Row caption="link linkColor">
        {BUTTON_LINK_COLORS.map((linkColor) => (
          <Button key={linkColor} variant="link" linkColor={linkColor}>
            {linkColor}
          </Button>
        ))}
      </Row>
      <Row caption="bubble aria-pressed">
        <Button variant="bubble" aria-pressed="true">
          {label}
        </Button>
        <Button variant="bubble" aria-pressed="false">
          {label}
        </Button>
      </Row>
      <Row caption="leadingIcon trailingIcon isLoading">
        <Button leadingIcon="arrowLeft" variant="tertiary">
          {label}
        </Button>
        <Button trailingIcon="chevronRight">{label}</Button>
        <Button isLoading>{label}</Button>
        <Button isLoading variant="outline">
          {label}
        </Button>
      </Row>
    </Section>
  );
}

function IconsSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('UI.GALLERY.ICONS')}>
      <ul className={styles.iconGrid}>
        {ICON_NAMES.map((name) => (
          <li key={name} className={styles.iconCell}>
            <Icon name={name} size="medium" />
            <code>{name}</code>
          </li>
        ))}
      </ul>
      <Row caption="size">
        {ICON_SIZES.filter((size) => size !== 'full').map((size) => (
          <span key={size} className={styles.iconSample}>
            <Icon name="smartId" size={size} />
            <code>{size}</code>
          </span>
        ))}
        <span className={styles.iconSample}>
          <span className={styles.fullBox}>
            <Icon name="mobileId" size="full" />
          </span>
          <code>full</code>
        </span>
      </Row>
    </Section>
  );
}

function BadgesSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('UI.GALLERY.BADGES')}>
      {BADGE_SIZES.map((size) => (
        <Row key={size} caption={size}>
          {BADGE_VARIANTS.map((variant) => (
            <Badge key={variant} size={size} variant={variant}>
              {variant === 'error' ? t('UI.GALLERY.BADGE_ERROR_LABEL') : t('UI.GALLERY.BADGE_LABEL')}
            </Badge>
          ))}
        </Row>
      ))}
    </Section>
  );
}

function CardsSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('UI.GALLERY.CARDS')}>
      <div className={styles.stack}>
        {CARD_WIDTHS.map((width) => (
          <Card key={width} width={width}>
            <code className={styles.caption}>{width}</code>
            <p>{t('UI.GALLERY.CARD_TEXT')}</p>
          </Card>
        ))}
      </div>
    </Section>
  );
}

function HeaderBlocksSection() {
  const { t } = useTranslation();
  const [title, setTitle] = useState(() => t('UI.GALLERY.HEADER_TITLE'));
  return (
    <Section title={t('UI.GALLERY.HEADER_BLOCKS')}>
      <div className={styles.stack}>
        <HeaderBlock title={title} headingLevel={3} icon="work" onTitleChange={setTitle}>
          {t('UI.GALLERY.HEADER_TEXT')}
        </HeaderBlock>
        <HeaderBlock title={t('UI.GALLERY.HEADER_ERROR_TITLE')} variant="error" headingLevel={3}>
          {t('UI.GALLERY.HEADER_ERROR_TEXT')}
        </HeaderBlock>
      </div>
    </Section>
  );
}

function FormFieldsSection() {
  const { t } = useTranslation();
  const [spoken, setSpoken] = useState<string[]>(['et']);
  const countries = [
    { value: 'EE', label: t('UI.GALLERY.OPTION_ESTONIA') },
    { value: 'LV', label: t('UI.GALLERY.OPTION_LATVIA') },
    { value: 'FI', label: t('UI.GALLERY.OPTION_FINLAND') },
  ];
  const languages = [
    { value: 'et', label: t('LANGUAGES.et') },
    { value: 'en', label: t('LANGUAGES.en') },
    { value: 'ru', label: t('LANGUAGES.ru') },
  ];
  return (
    <Section title={t('UI.GALLERY.FORM_FIELDS')}>
      <div className={styles.formGrid}>
        <Card width="large">
          <div className={styles.stack}>
            <Input label={t('UI.GALLERY.EMAIL_LABEL')} hint={t('UI.GALLERY.EMAIL_HINT')} type="email" autoComplete="email" />
            <Input label={t('UI.GALLERY.EMAIL_LABEL')} type="email" defaultValue="name@" error={t('UI.GALLERY.EMAIL_ERROR')} isTouched />
            <Input label={t('UI.GALLERY.AMOUNT_LABEL')} inputMode="numeric" suffix={t('UI.GALLERY.AMOUNT_SUFFIX')} />
            <Input label={t('UI.GALLERY.SEARCH_LABEL')} variant="bubble" type="search" leadingIcon="search" />
            <Input label={t('UI.GALLERY.EMAIL_LABEL')} defaultValue="name@example.com" disabled />
          </div>
        </Card>
        <Card width="large">
          <div className={styles.stack}>
            <Select label={t('UI.GALLERY.SELECT_LABEL')} placeholder={t('UI.GALLERY.SELECT_PLACEHOLDER')} options={countries} defaultValue="" />
            <Select
              label={t('UI.GALLERY.SELECT_LABEL')}
              placeholder={t('UI.GALLERY.SELECT_PLACEHOLDER')}
              options={countries}
              defaultValue=""
              error={t('UI.GALLERY.SELECT_ERROR')}
              isTouched
            />
            <RadioGroup legend={t('UI.GALLERY.RADIO_LEGEND')} hint={t('UI.GALLERY.RADIO_HINT')} name="gallery-language" options={languages} defaultValue="et" />
            <RadioGroup
              legend={t('UI.GALLERY.RADIO_LEGEND')}
              name="gallery-language-error"
              options={languages}
              orientation="horizontal"
              error={t('UI.GALLERY.RADIO_ERROR')}
              isTouched
            />
            <Checkbox label={t('UI.GALLERY.CHECKBOX_LABEL')} defaultChecked />
            <Checkbox label={t('UI.GALLERY.CHECKBOX_LABEL')} error={t('UI.GALLERY.CHECKBOX_ERROR')} isTouched />
            <Checkbox label={t('UI.GALLERY.CHECKBOX_LABEL')} disabled />
          </div>
        </Card>
        <Card width="large">
          <div className={styles.stack}>
            <RadioGroup legend={t('UI.GALLERY.TILES_RADIO_LEGEND')} name="gallery-country-tiles" options={countries} defaultValue="EE" variant="tiles" />
            <CheckboxGroup
              legend={t('UI.GALLERY.TILES_CHECKBOX_LEGEND')}
              options={languages}
              value={spoken}
              onChange={setSpoken}
              onBlur={() => undefined}
              isTouched={false}
              variant="tiles"
            />
          </div>
        </Card>
      </div>
    </Section>
  );
}

function ModalsSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ size: ModalSize; padding: ModalPadding; isClosable: boolean } | null>(null);
  const close = () => setOpen(null);
  return (
    <Section title={t('UI.GALLERY.MODALS')}>
      {MODAL_PADDINGS.map((padding) => (
        <Row key={padding} caption={`padding ${padding}`}>
          {MODAL_SIZES.map((size) => (
            <Button key={size} variant="outline" size="small" onClick={() => setOpen({ size, padding, isClosable: true })}>
              {size}
            </Button>
          ))}
        </Row>
      ))}
      <Row caption="isClosable false">
        <Button variant="outline" size="small" onClick={() => setOpen({ size: 'small', padding: 'default', isClosable: false })}>
          {t('UI.GALLERY.OPEN_MODAL')}
        </Button>
      </Row>
      <Modal
        isOpen={open !== null}
        onClose={close}
        size={open?.size}
        padding={open?.padding}
        isClosable={open?.isClosable}
        title={t('UI.GALLERY.MODAL_TITLE')}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t('UI.GALLERY.MODAL_CANCEL')}
            </Button>
            <Button onClick={close}>{t('UI.GALLERY.MODAL_CONFIRM')}</Button>
          </>
        }
      >
        <p>{t('UI.GALLERY.MODAL_TEXT')}</p>
      </Modal>
    </Section>
  );
}

const toastTexts: Record<ToastVariant, { title: TranslationKey; message: TranslationKey }> = {
  success: { title: 'UI.GALLERY.TOAST_SUCCESS_TITLE', message: 'UI.GALLERY.TOAST_SUCCESS_MESSAGE' },
  error: { title: 'UI.GALLERY.TOAST_ERROR_TITLE', message: 'UI.GALLERY.TOAST_ERROR_MESSAGE' },
  info: { title: 'UI.GALLERY.TOAST_INFO_TITLE', message: 'UI.GALLERY.TOAST_INFO_MESSAGE' },
};

function ToastsSection() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  return (
    <Section title={t('UI.GALLERY.TOASTS')}>
      <Row caption="variant">
        {TOAST_VARIANTS.map((variant) => (
          <Button
            key={variant}
            variant="outline"
            size="small"
            onClick={() => showToast({ variant, title: t(toastTexts[variant].title), message: t(toastTexts[variant].message) })}
          >
            {variant}
          </Button>
        ))}
      </Row>
    </Section>
  );
}

function LoadingSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('UI.GALLERY.LOADING_INDICATORS')}>
      <Row caption="inline">
        <Spinner size="small" />
        <Spinner />
        <Spinner isLabelVisible />
      </Row>
      <Card>
        <Spinner variant="page" isLabelVisible />
      </Card>
    </Section>
  );
}
