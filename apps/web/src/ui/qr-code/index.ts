export { QrCode } from './qr-code';
export { RenewingQrCode, type RenewingQrCodeProps } from './renewing-qr-code';
