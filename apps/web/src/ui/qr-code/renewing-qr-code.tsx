import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { Spinner } from '../spinner';
import { QrCode } from './qr-code';
import styles from './renewing-qr-code.module.css';

// SK's rule for a QR code: renewed every second, never shown older than 3 s (docs/eid-facts.md section 1.10).
const RENEW_EVERY_MS = 1000;
const OLDEST_SHOWN_MS = 3000;

export type RenewingQrCodeProps = {
  /** The first link, from the start's answer. */
  initialLink: string;
  /** When the session's window ends (ms since the epoch): the code then gives way to the offer of a new one. */
  expiresAt: number;
  /** The link for this second; a failure is a missed renewal. */
  fetchLink: (signal: AbortSignal) => Promise<string>;
  /** The image's accessible name. */
  label: string;
  onRestart: () => void;
};

/**
 * A Smart-ID QR code, renewed every second while it is shown (sign-in and signing share it): a code older
 * than SK allows is hidden until the next renewal, and after the window the person is offered a new one.
 * A new session is a new code: give it `key={initialLink}`.
 */
export function RenewingQrCode({ initialLink, expiresAt, fetchLink, label, onRestart }: RenewingQrCodeProps) {
  const { t } = useTranslation();
  const [link, setLink] = useState(() => ({ value: initialLink, at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  const isExpired = now >= expiresAt;

  useEffect(() => {
    if (isExpired) return;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      setNow(Date.now());
      void fetchLink(controller.signal)
        .then((value) => setLink({ value, at: Date.now() }))
        // A missed renewal: the code is hidden once it is older than SK allows, and the next second asks again.
        .catch(() => undefined);
    }, RENEW_EVERY_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [fetchLink, isExpired]);

  const isFresh = now - link.at <= OLDEST_SHOWN_MS;
  return (
    <div className={styles.frame}>
      {isExpired ? (
        <div className={styles.expired}>
          <p role="status">{t('AUTH.DEVICE_LINK.QR_EXPIRED')}</p>
          <Button onClick={onRestart}>{t('AUTH.DEVICE_LINK.QR_NEW')}</Button>
        </div>
      ) : isFresh ? (
        <QrCode value={link.value} label={label} className={styles.qr} />
      ) : (
        <Spinner size="small" label={t('AUTH.VERIFICATION.WAITING')} />
      )}
    </div>
  );
}
