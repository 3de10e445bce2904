import { brandAssets, type Brand } from '../../brand/index.js';
import type { MailLook } from './templates/index.js';

/** The brand as a mail draws it: its logo at the public address, where a mail program fetches it. */
export function mailLookOf(brand: Brand, publicUrl: string): MailLook {
  const assets = brandAssets(brand);
  return {
    bankName: brand.name,
    logo: { url: `${publicUrl}${assets.mailLogoPath}`, ...assets.logoSize },
    colours: { primary: brand.colours.primary, onPrimary: brand.colours.onPrimary, page: brand.colours.page },
    fontFamily: `'${brand.typeface.family}', 'Segoe UI', Helvetica, Arial, sans-serif`,
  };
}
