import { useTranslation } from 'react-i18next';

/** The product mark: a shield with a rising line, in the brand colour. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <svg className={className} viewBox="0 0 32 32" width="32" height="32" role="img" aria-label={t('PRODUCT.BANK_NAME')}>
      <path d="M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7L16 2Z" fill="currentColor" />
      <path d="m9 19 5-5 3 3 6-6" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
