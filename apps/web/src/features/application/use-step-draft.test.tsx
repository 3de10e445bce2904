import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationView } from '../../test/application-fixture';
import { stubFetch } from '../../test/fetch-stub';
import { jsonResponse } from '../../test/fake-token';
import { ApplicationLayoutContext, type ApplicationLayoutValue, type DraftControl } from './application-context';
import { STEP_SCREENS } from './application-steps';
import { DRAFT_DEBOUNCE_MS, useStepDraft } from './use-step-draft';

const DRAFT = 'PUT /onboarding/applications/p-1/drafts/CompanyData';

function layoutValue(overrides: Partial<ApplicationLayoutValue> = {}) {
  let version = 3;
  let draft: DraftControl | null = null;
  const value: ApplicationLayoutValue = {
    processId: 'p-1',
    application: applicationView({ currentStep: 'CompanyData' }),
    stepScreen: STEP_SCREENS[1]!,
    step: 'CompanyData',
    getVersion: () => version,
    setVersion: vi.fn((next: number) => {
      version = next;
    }),
    setApplication: vi.fn(),
    reload: vi.fn(async () => {
      version = 9;
    }),
    saveState: 'saved',
    setSaveState: vi.fn(),
    isOnline: true,
    isStale: false,
    setIsStale: vi.fn(),
    registerChanges: null,
    setRegisterChanges: () => undefined,
    registerDraft: (control) => {
      draft = control;
    },
    flushDraft: async () => draft?.flush(),
    discardDraft: async () => draft?.discard(),
    ...overrides,
  };
  return value;
}

function renderDraft(value: ApplicationLayoutValue, initial: unknown) {
  const wrapper = ({ children }: { children: ReactNode }) => <ApplicationLayoutContext value={value}>{children}</ApplicationLayoutContext>;
  return renderHook(({ values }: { values: unknown }) => useStepDraft('CompanyData', values), { wrapper, initialProps: { values: initial } });
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useStepDraft', () => {
  it('does not save the values it started with', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: () => jsonResponse({ version: 4, updatedAt: 'now' }) });
    renderDraft(layoutValue(), { name: '' });
    await advance(DRAFT_DEBOUNCE_MS * 2);
    expect(callsTo(DRAFT)).toHaveLength(0);
  });

  it('saves once typing pauses for 1.5 s, with the latest values and version, and keeps the answer’s version', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: ({ body }) => jsonResponse({ version: (body as { version: number }).version + 1, updatedAt: 'now' }) });
    const value = layoutValue();
    const { rerender } = renderDraft(value, { name: '' });
    rerender({ values: { name: 'T' } });
    await advance(1000);
    rerender({ values: { name: 'Ta' } });
    await advance(1000);
    rerender({ values: { name: 'Tamm' } });
    await advance(DRAFT_DEBOUNCE_MS - 1);
    expect(callsTo(DRAFT)).toHaveLength(0);
    await advance(1);
    expect(callsTo(DRAFT).map((call) => call.body)).toEqual([{ version: 3, data: { name: 'Tamm' } }]);
    expect(value.setVersion).toHaveBeenCalledWith(4);
    expect(value.setSaveState).toHaveBeenLastCalledWith('saved');

    rerender({ values: { name: 'Tammik' } });
    await advance(DRAFT_DEBOUNCE_MS);
    expect(callsTo(DRAFT)[1]?.body).toEqual({ version: 4, data: { name: 'Tammik' } });
  });

  it('saves at once with a keepalive fetch when the page is hidden', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: () => jsonResponse({ version: 4, updatedAt: 'now' }) });
    const { rerender } = renderDraft(layoutValue(), { name: '' });
    rerender({ values: { name: 'Tamm' } });
    visibility = 'hidden';
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(callsTo(DRAFT)).toHaveLength(1);
    expect(callsTo(DRAFT)[0]?.init.keepalive).toBe(true);
    expect(new Headers(callsTo(DRAFT)[0]?.init.headers).get('Content-Type')).toBe('application/json');
    // The debounced save has nothing left to send.
    await advance(DRAFT_DEBOUNCE_MS);
    expect(callsTo(DRAFT)).toHaveLength(1);
  });

  it('saves on pagehide too, and not again when nothing changed', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: () => jsonResponse({ version: 4, updatedAt: 'now' }) });
    const { rerender } = renderDraft(layoutValue(), { name: '' });
    rerender({ values: { name: 'Tamm' } });
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(callsTo(DRAFT)[0]?.init.keepalive).toBe(true);
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(callsTo(DRAFT)).toHaveLength(1);
  });

  it('a stale version: reloads for the current version and saves the typed values again', async () => {
    const { callsTo } = stubFetch({
      [DRAFT]: ({ body }) =>
        (body as { version: number }).version === 9 ? jsonResponse({ version: 10, updatedAt: 'now' }) : jsonResponse({ code: 'STALE_VERSION', message: 'stale' }, 409),
    });
    const value = layoutValue();
    const { rerender } = renderDraft(value, { name: '' });
    rerender({ values: { name: 'Tamm' } });
    await advance(DRAFT_DEBOUNCE_MS);
    expect(value.reload).toHaveBeenCalledTimes(1);
    expect(value.setIsStale).toHaveBeenCalledWith(true);
    expect(callsTo(DRAFT).map((call) => call.body)).toEqual([
      { version: 3, data: { name: 'Tamm' } },
      { version: 9, data: { name: 'Tamm' } },
    ]);
    expect(value.setVersion).toHaveBeenLastCalledWith(10);
  });

  it('flush sends what is unsaved before the layout acts (save and continue later)', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: () => jsonResponse({ version: 4, updatedAt: 'now' }) });
    const value = layoutValue();
    const { rerender } = renderDraft(value, { name: '' });
    rerender({ values: { name: 'Tamm' } });
    await act(async () => {
      await value.flushDraft();
    });
    expect(callsTo(DRAFT)).toHaveLength(1);
    expect(callsTo(DRAFT)[0]?.init.keepalive).toBeUndefined();
  });
});
