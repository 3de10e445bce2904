import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { DESCRIPTOR_PATH, type SimulatorEndpoints } from './start-simulators.js';

const pemList = z.array(z.string().startsWith('-----BEGIN CERTIFICATE-----')).min(1);

const endpointsSchema = z.object({
  smartIdBaseUrl: z.url(),
  smartIdMockDeviceLinkUrl: z.url(),
  mobileIdBaseUrl: z.url(),
  idCardBaseUrl: z.url(),
  relyingPartyUuid: z.uuid(),
  relyingPartyName: z.string().min(1),
  smartIdTrustAnchors: pemList,
  mobileIdTrustAnchors: pemList,
  idCardTrustAnchors: pemList,
  eidServerTls: z.object({ cert: z.string().min(1), key: z.string().min(1), ca: z.string().min(1) }),
  ocspUrl: z.url(),
  ocspResponders: z.array(z.object({ issuerPem: z.string().min(1), url: z.url() })).min(1),
  tsaUrl: z.url(),
  tsaTrustAnchors: pemList,
  registerUrl: z.url(),
  registerUsername: z.string().min(1),
  registerPassword: z.string().min(1),
}) satisfies z.ZodType<SimulatorEndpoints>;

export type ConnectSimulatorsOptions = {
  /** How long to keep asking while the simulators start (several processes are often started together). */
  waitMs?: number;
  /** Pause between attempts. */
  retryMs?: number;
};

/**
 * The endpoints of simulators that run as their own process (`npm run simulators`) at `url`,
 * read from what they serve at /simulators.json. Retries until they answer or waitMs has passed;
 * then throws an Error that names the address.
 */
export async function connectSimulators(url: string, options: ConnectSimulatorsOptions = {}): Promise<SimulatorEndpoints> {
  const waitMs = options.waitMs ?? 30_000;
  const retryMs = options.retryMs ?? 250;
  const descriptorUrl = new URL(DESCRIPTOR_PATH, url).href;
  const deadline = Date.now() + waitMs;
  let lastProblem = '';
  for (;;) {
    try {
      const response = await fetch(descriptorUrl, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
      const parsed = endpointsSchema.safeParse(await response.json());
      // A wrong answer will not become right by asking again.
      if (!parsed.success) throw new Error(`SIMULATORS_URL: ${descriptorUrl} does not describe identity simulators (${parsed.error.issues[0]?.message ?? ''})`);
      return parsed.data;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('SIMULATORS_URL:')) throw error;
      lastProblem = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `SIMULATORS_URL: no identity simulators answered at ${descriptorUrl} within ${String(waitMs)} ms (${lastProblem}); start them with npm run simulators`,
      );
    }
    await sleep(retryMs);
  }
}
