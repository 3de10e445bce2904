import type { ApplicationView } from '@onboarding/domain';
import { act, renderHook } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUnsavedEdits } from '../../lib/unsaved-edits';
import { applicationView } from '../../test/application-fixture';
import { stubFetch } from '../../test/fetch-stub';
import { jsonResponse } from '../../test/fake-token';
import { ApplicationLayoutContext, type ApplicationLayoutValue, type DraftControl } from './application-context';
import { STEP_SCREENS } from './application-steps';
import type { DraftConflict } from './conflict/draft-conflict';
import { DRAFT_DEBOUNCE_MS, useStepDraft } from './use-step-draft';

const DRAFT = 'PUT /onboarding/applications/p-1/drafts/CompanyData';

type Values = Record<string, string>;

/** The layout as the step screens see it; `reload` answers with what another window saved (`theirs`) at version 9. */
function layoutValue({ theirs }: { theirs?: Values } = {}) {
  let version = 3;
  let draft: DraftControl | null = null;
  const conflicts: (DraftConflict | null)[] = [];
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
    reload: vi.fn(async (): Promise<ApplicationView> => {
      version = 9;
      return applicationView({ currentStep: 'CompanyData', version, drafts: theirs ? { CompanyData: theirs } : {} });
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
    reconcileDraft: (latest) => draft?.reconcile(latest),
    showConflict: (conflict) => conflicts.push(conflict),
  };
  return { value, conflicts };
}

/** A step screen's form: its values in state, read back from the application as it holds the step's draft. */
function renderDraft(value: ApplicationLayoutValue, initial: Values) {
  const wrapper = ({ children }: { children: ReactNode }) => <ApplicationLayoutContext value={value}>{children}</ApplicationLayoutContext>;
  const rendered = renderHook(
    () => {
      const [values, setValues] = useState(initial);
      useStepDraft('CompanyData', values, { fromApplication: (latest) => latest.drafts.CompanyData as Values | undefined, restore: setValues });
      return { values, setValues };
    },
    { wrapper },
  );
  const type = (values: Values) => act(() => rendered.result.current.setValues(values));
  return { ...rendered, type };
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  sessionStorage.clear();
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
    renderDraft(layoutValue().value, { name: '' });
    await advance(DRAFT_DEBOUNCE_MS * 2);
    expect(callsTo(DRAFT)).toHaveLength(0);
  });

  it('saves once typing pauses for 1.5 s, with the latest values and version, and keeps the answer’s version', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: ({ body }) => jsonResponse({ version: (body as { version: number }).version + 1, updatedAt: 'now' }) });
    const { value } = layoutValue();
    const { type } = renderDraft(value, { name: '' });
    type({ name: 'T' });
    await advance(1000);
    type({ name: 'Ta' });
    await advance(1000);
    type({ name: 'Tamm' });
    await advance(DRAFT_DEBOUNCE_MS - 1);
    expect(callsTo(DRAFT)).toHaveLength(0);
    await advance(1);
    expect(callsTo(DRAFT).map((call) => call.body)).toEqual([{ version: 3, data: { name: 'Tamm' } }]);
    expect(value.setVersion).toHaveBeenCalledWith(4);
    expect(value.setSaveState).toHaveBeenLastCalledWith('saved');

    type({ name: 'Tammik' });
    await advance(DRAFT_DEBOUNCE_MS);
    expect(callsTo(DRAFT)[1]?.body).toEqual({ version: 4, data: { name: 'Tammik' } });
  });

  it('saves at once with a keepalive fetch when the page is hidden', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: () => jsonResponse({ version: 4, updatedAt: 'now' }) });
    const { type } = renderDraft(layoutValue().value, { name: '' });
    type({ name: 'Tamm' });
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
    const { type } = renderDraft(layoutValue().value, { name: '' });
    type({ name: 'Tamm' });
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(callsTo(DRAFT)[0]?.init.keepalive).toBe(true);
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(callsTo(DRAFT)).toHaveLength(1);
  });

  it('a stale version: takes what another window saved in the fields left alone here, and saves it with this page’s edit', async () => {
    const { callsTo } = stubFetch({
      [DRAFT]: ({ body }) =>
        (body as { version: number }).version === 9
          ? jsonResponse({ version: 10, updatedAt: 'now' })
          : jsonResponse({ code: 'STALE_VERSION', message: 'stale' }, 409),
    });
    const { value, conflicts } = layoutValue({ theirs: { name: '', email: 'other@firma.ee' } });
    const { type, result } = renderDraft(value, { name: '', email: '' });
    type({ name: 'Tamm', email: '' });
    await advance(DRAFT_DEBOUNCE_MS);
    expect(value.reload).toHaveBeenCalledTimes(1);
    expect(value.setIsStale).toHaveBeenCalledWith(true);
    expect(conflicts).toEqual([]);
    expect(result.current.values).toEqual({ name: 'Tamm', email: 'other@firma.ee' });
    await advance(DRAFT_DEBOUNCE_MS);
    expect(callsTo(DRAFT).map((call) => call.body)).toEqual([
      { version: 3, data: { name: 'Tamm', email: '' } },
      { version: 9, data: { name: 'Tamm', email: 'other@firma.ee' } },
    ]);
    expect(value.setVersion).toHaveBeenLastCalledWith(10);
  });

  it('a field both changed: asks which to keep, saves nothing meanwhile, and saves the choice', async () => {
    const { callsTo } = stubFetch({
      [DRAFT]: ({ body }) =>
        (body as { version: number }).version === 9
          ? jsonResponse({ version: 10, updatedAt: 'now' })
          : jsonResponse({ code: 'STALE_VERSION', message: 'stale' }, 409),
    });
    const { value, conflicts } = layoutValue({ theirs: { name: 'Kask', email: 'other@firma.ee' } });
    const { type, result } = renderDraft(value, { name: '', email: '' });
    type({ name: 'Tamm', email: '' });
    await advance(DRAFT_DEBOUNCE_MS);
    expect(conflicts).toHaveLength(1);
    const conflict = conflicts[0]!;
    expect(conflict.fields).toEqual([{ key: 'name', mine: 'Tamm', theirs: 'Kask' }]);
    // The other window's e-mail is in; the name waits for the user.
    expect(result.current.values).toEqual({ name: 'Tamm', email: 'other@firma.ee' });
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await advance(DRAFT_DEBOUNCE_MS * 3);
    expect(callsTo(DRAFT)).toHaveLength(1);
    // Kept for a reload meanwhile, with the base the conflict was found on.
    expect(readUnsavedEdits('p-1', 'CompanyData')).toEqual({
      base: JSON.stringify({ name: '', email: '' }),
      mine: JSON.stringify({ name: 'Tamm', email: '' }),
    });

    act(() => conflict.resolve({ name: 'mine' }));
    expect(conflicts.at(-1)).toBeNull();
    await advance(DRAFT_DEBOUNCE_MS);
    expect(callsTo(DRAFT)[1]?.body).toEqual({ version: 9, data: { name: 'Tamm', email: 'other@firma.ee' } });
    expect(readUnsavedEdits('p-1', 'CompanyData')).toBeNull();
  });

  it('taking the other window’s answer for every field leaves nothing to save', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: () => jsonResponse({ code: 'STALE_VERSION', message: 'stale' }, 409) });
    const { value, conflicts } = layoutValue({ theirs: { name: 'Kask' } });
    const { type, result } = renderDraft(value, { name: '' });
    type({ name: 'Tamm' });
    await advance(DRAFT_DEBOUNCE_MS);
    act(() => conflicts[0]!.resolve({ name: 'theirs' }));
    expect(result.current.values).toEqual({ name: 'Kask' });
    await advance(DRAFT_DEBOUNCE_MS * 2);
    expect(callsTo(DRAFT)).toHaveLength(1);
    expect(readUnsavedEdits('p-1', 'CompanyData')).toBeNull();
  });

  it('keeps unsaved edits in session storage until the server has them, and brings them back after a reload', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: () => new Response(null, { status: 503 }) });
    const { value } = layoutValue();
    const first = renderDraft(value, { name: '' });
    first.type({ name: 'Tamm' });
    expect(readUnsavedEdits('p-1', 'CompanyData')).toEqual({ base: JSON.stringify({ name: '' }), mine: JSON.stringify({ name: 'Tamm' }) });
    first.unmount();

    // The page again, from the server's values: the edit is back, and is saved once the server answers.
    const saved = stubFetch({ [DRAFT]: () => jsonResponse({ version: 4, updatedAt: 'now' }) });
    const second = renderDraft(layoutValue().value, { name: '' });
    expect(second.result.current.values).toEqual({ name: 'Tamm' });
    await advance(DRAFT_DEBOUNCE_MS);
    expect(saved.callsTo(DRAFT).map((call) => call.body)).toEqual([{ version: 3, data: { name: 'Tamm' } }]);
    expect(readUnsavedEdits('p-1', 'CompanyData')).toBeNull();
    expect(callsTo(DRAFT).length).toBeGreaterThan(0);
  });

  it('flush sends what is unsaved before the layout acts (save and continue later)', async () => {
    const { callsTo } = stubFetch({ [DRAFT]: () => jsonResponse({ version: 4, updatedAt: 'now' }) });
    const { value } = layoutValue();
    const { type } = renderDraft(value, { name: '' });
    type({ name: 'Tamm' });
    await act(async () => {
      await value.flushDraft();
    });
    expect(callsTo(DRAFT)).toHaveLength(1);
    expect(callsTo(DRAFT)[0]?.init.keepalive).toBeUndefined();
  });
});
