import { setTimeout as sleep } from 'node:timers/promises';
import { requestRetryCount, requestRetryDelayMs } from '@onboarding/domain';
import { idCardJourney, type Context, type Step } from './journey.js';

/**
 * Representatives going through the whole journey over HTTP (sign-in, personal information, the
 * application, five steps, the contract signed with the ID-card stand-in), as many at once as asked,
 * each starting the next journey when one ends, until told to stop. Every request is sent as the
 * web app sends it, under the domain's retry policy (requestRetryCount, requestRetryDelayMs: a 5xx
 * retried 3 times, no answer 2 times, after 100 ms doubled each time plus up to 20 %). A request that
 * still fails after that is what a person would have seen.
 */

export type AcknowledgedSave = { processId: string; step: string; data: unknown; version: number };

export type JourneyResults = {
  completed: number;
  /** What a person would have seen: the step and the last answer, after the retries. */
  failures: string[];
  /** Requests sent again under the retry policy (each retry once), and why: the answer or error before it. */
  retries: number;
  retryReasons: Record<string, number>;
  requests: number;
  /** Step saves the server answered 200 to: they must be in the database whatever happens next. */
  acknowledgedSaves: AcknowledgedSave[];
  /** Applications that reached SIGNED. */
  signedProcessIds: string[];
};

const REQUEST_TIMEOUT_MS = 60_000;
const POLLS = 60;

type Answer = { status: number; body: string };

async function sendOnce(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { status: response.status, body: await response.text() };
}

/** One request under the web app's retry policy. */
async function send(url: string, init: RequestInit, results: JourneyResults): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    results.requests += 1;
    let last: Answer;
    try {
      last = await sendOnce(url, init);
      if (last.status < 500) return last;
    } catch (error) {
      last = { status: 0, body: error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : String(error) };
    }
    if (attempt >= requestRetryCount(last.status === 0 ? null : last.status)) return last;
    results.retries += 1;
    const reason = `${String(init.method)} ${String(last.status)} ${last.status === 0 ? last.body.slice(0, 80) : ''}`.trim();
    results.retryReasons[reason] = (results.retryReasons[reason] ?? 0) + 1;
    await sleep(requestRetryDelayMs(attempt));
  }
}

function requestOf(step: Step, context: Context): RequestInit {
  const body = step.body?.(context);
  return {
    method: step.method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(step.isAuthenticated ? { authorization: `Bearer ${context.accessToken ?? ''}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** One journey; false when a person would have seen it fail. */
async function runJourney(baseUrl: string, steps: readonly Step[], results: JourneyResults, pauseMs: number): Promise<boolean> {
  const context: Context = {};
  for (const step of steps) {
    if (step.isSkipped?.(context)) continue;
    if (pauseMs > 0) await sleep(pauseMs);
    // A status call is repeated until the signature is there, as the web app polls.
    for (let poll = 0; poll < (step.isPoll ? POLLS : 1); poll += 1) {
      const init = requestOf(step, context);
      const answer = await send(`${baseUrl}${step.path(context)}`, init, results);
      if (answer.status !== 200) {
        results.failures.push(`${step.name}: ${String(answer.status)} ${answer.body.slice(0, 200)}`);
        return false;
      }
      step.take?.(JSON.parse(answer.body) as Record<string, unknown>, context);
      if (context.failed) {
        results.failures.push(`${step.name}: ${answer.body.slice(0, 200)}`);
        return false;
      }
      if (step.method === 'PUT' && step.path(context).includes('/steps/')) {
        const { data } = JSON.parse(String(init.body)) as { data: unknown };
        results.acknowledgedSaves.push({ processId: String(context.processId), step: step.name.replace(/^save /, ''), data, version: Number(context.version) });
      }
      if (!step.isPoll || context.isSigned) break;
      await sleep(200);
    }
  }
  if (!context.isSigned) {
    results.failures.push('the journey ended without a signature');
    return false;
  }
  results.signedProcessIds.push(String(context.processId));
  return true;
}

export type JourneyLoad = {
  /** Resolves when every representative has finished the journey under way after stop() was called. */
  finished: Promise<JourneyResults>;
  stop(): void;
  results: JourneyResults;
};

/**
 * `concurrency` representatives, each a made-up person of its own (personOffset + …), going through
 * the ID-card journey again and again until stop(), waiting `pauseMs` before each request.
 */
export function startJourneys(baseUrl: string, concurrency: number, personOffset: number, pauseMs = 0): JourneyLoad {
  const results: JourneyResults = { completed: 0, failures: [], retries: 0, retryReasons: {}, requests: 0, acknowledgedSaves: [], signedProcessIds: [] };
  let isStopped = false;
  const representative = async (index: number) => {
    // idCardJourney takes the next person at each sign-in: 10,000 journeys per representative before two could meet.
    const steps = idCardJourney(personOffset + index * 10_000);
    while (!isStopped) {
      if (await runJourney(baseUrl, steps, results, pauseMs)) results.completed += 1;
    }
  };
  const finished = Promise.all(Array.from({ length: concurrency }, (_, index) => representative(index))).then(() => results);
  return {
    finished,
    results,
    stop: () => {
      isStopped = true;
    },
  };
}
