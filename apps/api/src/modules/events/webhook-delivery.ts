import { CLOUDEVENTS_JSON_MEDIA_TYPE } from '@onboarding/domain';
import { Webhook } from 'standardwebhooks';

export type DeliveryOutcome = { ok: true } | { ok: false; error: string };

export type WebhookTarget = {
  url: string;
  /** `whsec_` and the key in base64, as Standard Webhooks gives it. */
  secret: string;
  timeoutMs: number;
};

export type DeliverWebhook = (event: { id: string; body: string }, signal?: AbortSignal) => Promise<DeliveryOutcome>;

const MAX_BODY_IN_ERROR = 200;

/** Why a fetch failed, without a stack: the cause's code (ECONNREFUSED, ...) says more than "fetch failed". */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${String(timeoutMs)} ms`;
  if (error instanceof Error && error.name === 'AbortError') return 'stopped before an answer';
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
    return detail ? `${error.message}: ${detail}` : error.message;
  }
  return String(error);
}

/**
 * POSTs one CloudEvent in structured mode, signed per Standard Webhooks with the
 * `standardwebhooks` library: webhook-id is the event id (the same on every
 * attempt, so the receiver can deduplicate), webhook-timestamp is the time of
 * this attempt (receivers refuse stale ones), webhook-signature is `v1,` and the
 * HMAC-SHA256 of `id.timestamp.body`. Only a 2xx is an acknowledgement; a
 * redirect is not followed (it would carry the signed body elsewhere).
 */
export function createWebhookDelivery(target: WebhookTarget): DeliverWebhook {
  const webhook = new Webhook(target.secret);
  return async (event, signal) => {
    const sentAt = new Date();
    const headers = {
      'content-type': CLOUDEVENTS_JSON_MEDIA_TYPE,
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': webhook.sign(event.id, sentAt, event.body),
    };
    const timeout = AbortSignal.timeout(target.timeoutMs);
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers,
        body: event.body,
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const text = await response.text().catch(() => '');
      if (response.status >= 200 && response.status < 300) return { ok: true };
      return { ok: false, error: `HTTP ${String(response.status)}${text ? `: ${text.slice(0, MAX_BODY_IN_ERROR)}` : ''}` };
    } catch (error) {
      return { ok: false, error: describeFailure(error, target.timeoutMs) };
    }
  };
}
