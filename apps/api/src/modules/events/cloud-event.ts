import type { IntegrationEventData, IntegrationEventType, IntegrationLinks } from '@onboarding/domain';

/** The base of the integration API and the CloudEvents `source` of every event: `${PUBLIC_URL}/integration/v1`. */
export const integrationBaseOf = (publicUrl: string): string => `${publicUrl.replace(/\/+$/, '')}/integration/v1`;

/** Where the bank's systems read an application, its contract and the signed container. */
export function integrationLinksOf(publicUrl: string, processId: string): IntegrationLinks {
  const application = `${integrationBaseOf(publicUrl)}/applications/${encodeURIComponent(processId)}`;
  return { application, contract: `${application}/contract`, signed: `${application}/signed` };
}

/** A CloudEvents 1.0 event in structured mode, as stored in the outbox and sent. */
export function cloudEventOf<Type extends IntegrationEventType>(event: {
  id: string;
  source: string;
  type: Type;
  processId: string;
  time: Date;
  data: IntegrationEventData[Type];
}) {
  return {
    specversion: '1.0' as const,
    id: event.id,
    source: event.source,
    type: event.type,
    subject: event.processId,
    time: event.time.toISOString(),
    datacontenttype: 'application/json' as const,
    data: event.data,
  };
}
