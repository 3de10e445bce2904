import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { cx } from '../class-names';
import { Icon, type IconName } from '../icon';
import { Input } from '../input';
import styles from './header-block.module.css';

export const HEADER_BLOCK_VARIANTS = ['default', 'error'] as const;
export type HeaderBlockVariant = (typeof HEADER_BLOCK_VARIANTS)[number];

export type HeaderBlockProps = {
  /** Already translated, or user data such as a company name. */
  title: string;
  variant?: HeaderBlockVariant;
  headingLevel?: 1 | 2 | 3;
  /** Defaults to the error icon in the error variant and to none otherwise. */
  icon?: IconName;
  /** Text under the title. */
  children?: ReactNode;
  /** Actions at the end of the block, e.g. a remove button. */
  actions?: ReactNode;
  /** docs/requirements.md section 9: given this, a pencil button makes the title editable. Blank titles are not saved. */
  onTitleChange?: (title: string) => void;
  titleMaxLength?: number;
  className?: string;
};

const headingTags = { 1: 'h1', 2: 'h2', 3: 'h3' } as const;

export function HeaderBlock({
  title,
  variant = 'default',
  headingLevel = 2,
  icon = variant === 'error' ? 'error' : undefined,
  children,
  actions,
  onTitleChange,
  titleMaxLength,
  className,
}: HeaderBlockProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const isEditing = draft !== null;
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  // Focus follows the mode switch, but not on first render: a page must not start focused here.
  const hasSwitchedMode = useRef(false);
  const Heading = headingTags[headingLevel];

  useEffect(() => {
    if (!hasSwitchedMode.current) return;
    if (!isEditing) {
      editButtonRef.current?.focus();
      return;
    }
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [isEditing]);

  const startEditing = () => {
    hasSwitchedMode.current = true;
    setDraft(title);
  };
  const stopEditing = () => {
    hasSwitchedMode.current = true;
    setDraft(null);
  };
  const save = () => {
    const trimmed = draft?.trim() ?? '';
    if (trimmed !== '' && trimmed !== title) onTitleChange?.(trimmed);
    stopEditing();
  };

  return (
    <div className={cx(styles.block, variant === 'error' && styles.error, className)}>
      {icon && <Icon name={icon} size="medium" className={styles.icon} />}
      <div className={styles.body}>
        {isEditing ? (
          <form
            className={styles.editForm}
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <Input
              ref={inputRef}
              label={t('UI.TITLE')}
              isLabelHidden
              value={draft}
              maxLength={titleMaxLength}
              className={styles.editInput}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return;
                // Escape here cancels the edit; it must not also close a surrounding modal.
                event.preventDefault();
                event.stopPropagation();
                stopEditing();
              }}
            />
            <div className={styles.editActions}>
              <Button type="submit" variant="primary" size="medium" width="square" aria-label={t('UI.SAVE_TITLE')}>
                <Icon name="check" />
              </Button>
              <Button variant="tertiary" size="medium" width="square" aria-label={t('UI.CANCEL_EDIT')} onClick={stopEditing}>
                <Icon name="close" />
              </Button>
            </div>
          </form>
        ) : (
          <div className={styles.titleRow}>
            <Heading className={styles.title}>{title}</Heading>
            {onTitleChange && (
              <Button ref={editButtonRef} variant="tertiary" size="small" width="square" aria-label={t('UI.EDIT_TITLE')} onClick={startEditing}>
                <Icon name="pencil" size="medium-light" />
              </Button>
            )}
          </div>
        )}
        {children !== undefined && <div className={styles.description}>{children}</div>}
      </div>
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
