import { readPageSettings } from '../lib/page-settings';

/**
 * The bank's logo from its brand file, named by the bank's name; nothing where no server gives one (Vite's dev
 * server, unit tests). Its width follows from its height (layout.module.css).
 */
export function Logo({ className }: { className?: string }) {
  const { logoPath, bankName } = readPageSettings();
  if (!logoPath) return null;
  return <img className={className} src={logoPath} alt={bankName} height={32} />;
}
