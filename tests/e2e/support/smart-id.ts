import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { playThePhone } from '../../../apps/api/src/test/smart-id-phone.js';

// A CommonJS module whose exports are the function, with a default that is the same function: typed as the latter.
const jsQR = jsQRModule.default;

/** The link a QR code on the page carries, read from a screenshot of it as a phone's camera would. */
export async function scanQrCode(qrCode: Locator): Promise<string> {
  const image = PNG.sync.read(await qrCode.screenshot());
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) throw new Error('no QR code could be read from the screenshot');
  return code.data;
}

export { playThePhone };

/**
 * The signing view's QR code (English), scanned by the phone of the Smart-ID test account of this personal code:
 * the account to sign with is chosen, and PIN2 follows on that phone.
 */
export async function chooseSigningAccountByQrCode(page: Page, smartIdBaseUrl: string, personalId: string): Promise<void> {
  const qrCode = page.getByRole('img', { name: 'QR code for signing with Smart-ID' });
  await qrCode.waitFor();
  const answer = await playThePhone(smartIdBaseUrl, { documentNumber: `PNOEE-${personalId}-MOCK-Q`, deviceLink: await scanQrCode(qrCode), flowType: 'QR' });
  if (answer.status !== 200) throw new Error(`the stand-in phone answered ${String(answer.status)}: ${JSON.stringify(answer.body)}`);
}
