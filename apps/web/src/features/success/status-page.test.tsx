import type { ApplicationTimeline, ApplicationView, Decision, TimelineEntry } from '@onboarding/domain';
import { focusManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../app/router';
import i18n from '../../i18n/i18n';
import { storeTokens } from '../../lib/auth-session';
import { writeSessionValues } from '../../lib/session-storage';
import { applicationView, OFFICES } from '../../test/application-fixture';
import { fakeAccessToken, jsonResponse } from '../../test/fake-token';
import { stubFetch } from '../../test/fetch-stub';
import { renderRoutes } from '../../test/render-app';
import { applicationTimelineQueryOptions, TIMELINE_POLL_INTERVAL_MS } from './api/application-timeline';
import { setPageSettings } from '../../test/page-settings';

setPageSettings();

vi.setConfig({ testTimeout: 15_000 });

const SUBMITTED_AT = '2026-11-20T08:00:00.000Z';
const submission: TimelineEntry = { kind: 'SUBMITTED', at: SUBMITTED_AT, method: 'SMART_ID', isResubmission: false };
const decided = (decision: Decision, at = '2026-11-23T09:15:00.000Z'): TimelineEntry => ({ kind: 'DECISION', at, decision });

const submittedApplication = (overrides: Partial<ApplicationView> = {}) =>
  applicationView({ currentStep: 'ApplicationSubmitted', status: 'SUBMITTED', followUp: 'PAY_SERVICE_FEE', submittedAt: SUBMITTED_AT, ...overrides });

const timelineOf = (entries: TimelineEntry[], overrides: Partial<ApplicationTimeline> = {}): ApplicationTimeline => ({
  processId: 'p-1',
  applicationNumber: 100042,
  paymentReference: '1000423',
  status: 'SUBMITTED',
  reopenedSteps: null,
  entries,
  ...overrides,
});

function serve(application: ApplicationView, timeline: ApplicationTimeline) {
  return stubFetch({
    'GET /onboarding/applications/p-1': () => jsonResponse(application),
    'GET /onboarding/applications/p-1/timeline': () => jsonResponse(timeline),
    'GET /onboarding/reference/bank-offices': () => jsonResponse({ bankOffices: OFFICES }),
  });
}

const renderStatus = () => renderRoutes(createRoutes(), '/success');
/** The timeline's entry under its title, with no-break spaces read as spaces. */
const entryText = async (title: string) => {
  // The first render loads the page's module lazily, which takes a while in a cold run.
  const heading = await screen.findByRole('heading', { level: 3, name: title }, { timeout: 5000 });
  return (heading.closest('li')?.textContent ?? '').replaceAll('\u00a0', ' ');
};
/** Waits until the entry under `title` says each of `parts` (the offices come in their own call). */
const expectEntryToSay = async (title: string, parts: readonly string[]) => {
  for (const part of parts) await waitFor(async () => expect(await entryText(title)).toContain(part), { timeout: 5000 });
};

beforeEach(async () => {
  sessionStorage.clear();
  storeTokens({ accessToken: fakeAccessToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), refreshToken: 'r' });
  writeSessionValues({ processId: 'p-1' });
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Case = { decision: Decision; status?: ApplicationTimeline['status']; en: string[]; et: string[] };

/** Each decision: its title, then what the applicant reads in it, in English and Estonian. */
const CASES: Record<Decision['type'], Case> = {
  FEE_INVOICED: {
    decision: { type: 'FEE_INVOICED', amountCents: 15_000, dueDate: '2026-12-10' },
    en: ['Pay the service fee', 'Please pay it by 10 December 2026', 'Amount€150.00', 'Payment reference1000423'],
    et: ['Tasu teenustasu', 'Tasu see hiljemalt 10.12.2026', 'Summa150,00 €', 'Viitenumber1000423'],
  },
  FEE_PAID: {
    decision: { type: 'FEE_PAID' },
    en: ['Service fee received', 'We have received your payment'],
    et: ['Teenustasu on laekunud', 'makse on meile laekunud'],
  },
  IDENTIFICATION_BOOKED: {
    decision: { type: 'IDENTIFICATION_BOOKED', officeId: 'tartu-1', at: '2026-12-14T11:30:00+02:00' },
    en: [
      'Come to the office to identify yourself',
      'booked for 14 December 2026 at 11:30 (Estonian time)',
      'Tartu branch',
      'Riia 2, 51004 Tartu',
      'Mon–Fri 9:00–18:00',
    ],
    et: ['Tule pangakontorisse end tuvastama', 'Sinu aeg on 14.12.2026 kell 11.30', 'Tartu kontor', 'E–R 9.00–18.00'],
  },
  IDENTIFIED: {
    decision: { type: 'IDENTIFIED' },
    en: ['Identification done', 'You identified yourself at the bank'],
    et: ['Oled end tuvastanud', 'Tuvastasid end pangas'],
  },
  BOARD_SIGNATURE_REQUESTED: {
    decision: {
      type: 'BOARD_SIGNATURE_REQUESTED',
      recipients: [
        { name: 'Mari Maasikas', email: 'mari@firma.ee' },
        { name: 'Jaan Tamm', email: 'jaan@firma.ee' },
      ],
    },
    en: ['Management board members to sign', 'Mari Maasikas mari@firma.ee', 'Jaan Tamm jaan@firma.ee', 'once they have signed'],
    et: ['Juhatuse liikmed allkirjastavad', 'Mari Maasikas mari@firma.ee', 'kui nad on lepingu allkirjastanud'],
  },
  BOARD_SIGNATURE_RECEIVED: {
    decision: { type: 'BOARD_SIGNATURE_RECEIVED' },
    en: ['Management board members signed', 'have signed the contract'],
    et: ['Juhatuse liikmed on allkirjastanud', 'on lepingu allkirjastanud'],
  },
  SIGNERS_NAMED: {
    decision: { type: 'SIGNERS_NAMED', signers: [{ personalId: '47103220312', personalIdCountryCode: 'EE' }] },
    en: ['Board members to sign too', '(1 more)'],
    et: ['Allkirjastavad ka juhatuse liikmed', '(veel 1)'],
  },
  MORE_INFORMATION_NEEDED: {
    decision: { type: 'MORE_INFORMATION_NEEDED', steps: ['Incomes'], message: 'Lisa palun müügitulu.' },
    en: ['More information needed', 'Incomes and expenses', 'Message from your relationship managerLisa palun müügitulu.'],
    et: ['Vajame lisainfot', 'Tulud ja kulud', 'Sinu kliendihalduri sõnumLisa palun müügitulu.'],
  },
  APPROVED: {
    decision: { type: 'APPROVED', accountNumber: 'EE382200221020145685' },
    status: 'APPROVED',
    en: ['Account opened', 'The company’s current account is open.', 'Account numberEE38 2200 2210 2014 5685', 'Log in to the online bank'],
    et: ['Konto on avatud', 'Ettevõtte arvelduskonto on avatud.', 'KontonumberEE38 2200 2210 2014 5685', 'Logi internetipanka'],
  },
  DECLINED: {
    decision: { type: 'DECLINED' },
    status: 'DECLINED',
    en: ['Application declined', 'This is our final answer.', 'contact us at abi@pank.ee or +372 600 0000'],
    et: ['Taotlus on tagasi lükatud', 'See on meie lõplik vastus.', 'kirjuta meile abi@pank.ee või helista +372 600 0000'],
  },
};

describe('the status page', () => {
  describe.each(['en', 'et'] as const)('in %s', (language) => {
    it.each(Object.keys(CASES) as Decision['type'][])('%s: its title and what to do next', async (type) => {
      const { decision, status = 'SUBMITTED', [language]: texts } = CASES[type];
      serve(submittedApplication({ status }), timelineOf([submission, decided(decision)], { status }));
      await i18n.changeLanguage(language);
      renderStatus();
      const [title = '', ...rest] = texts;
      await expectEntryToSay(title, rest);
    });
  });

  it('the submission names the method and holds the downloads; decisions come newest first, each with its time', async () => {
    serve(
      submittedApplication(),
      timelineOf([
        submission,
        decided({ type: 'FEE_INVOICED', amountCents: 15_050, dueDate: '2026-12-10' }),
        decided({ type: 'FEE_PAID' }, '2026-11-25T14:05:00.000Z'),
      ]),
    );
    renderStatus();
    await screen.findByRole('heading', { level: 3, name: 'Service fee received' });
    const list = screen.getByRole('heading', { level: 2, name: 'Application status' }).parentElement?.querySelector<HTMLOListElement>(':scope > ol');
    expect(list?.hasAttribute('reversed')).toBe(true);
    const titles = within(list!)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Service fee received', 'Pay the service fee', 'Application submitted']);
    const times = [...list!.querySelectorAll(':scope > li > div > time')].map((time) => [time.getAttribute('datetime'), time.textContent]);
    // Estonian time: 16:05 in Tallinn is 14:05 UTC in November.
    expect(times[0]).toEqual(['2026-11-25T14:05:00.000Z', '25 November 2026 at 16:05']);
    expect(times[2]).toEqual([SUBMITTED_AT, '20 November 2026 at 10:00']);
    expect(await entryText('Pay the service fee')).toContain('€150.50');
    // A decision since the submission: the heading says the application is being processed.
    expect(screen.getByRole('heading', { level: 1, name: 'Your application is being processed' })).toBeTruthy();
    const submitted = await entryText('Application submitted');
    expect(submitted).toContain('You signed the contract with Smart-ID.');
    const downloads = screen.getByRole('button', { name: 'Download the signed container (ASiC-E)' });
    expect(downloads.closest('li')?.querySelector('h3')?.textContent).toBe('Application submitted');
  });

  it('a resubmission is named as such', async () => {
    serve(
      submittedApplication(),
      timelineOf([
        submission,
        decided({ type: 'MORE_INFORMATION_NEEDED', steps: ['Incomes'], message: 'Lisa müügitulu.' }),
        { kind: 'SUBMITTED', at: '2026-11-24T10:00:00.000Z', method: 'ID_CARD', isResubmission: true },
      ]),
    );
    await i18n.changeLanguage('et');
    renderStatus();
    const text = await entryText('Taotlus on uuesti esitatud');
    expect(text).toContain('Lisasid info, mida pank küsis, ja allkirjastasid lepingu uuesti.');
    expect(text).toContain('Allkirjastasid lepingu ID-kaardiga.');
    // Answered: the old request has no button, and the fresh submission keeps what happens next.
    expect(screen.queryByRole('link', { name: 'Lisa puuduv info' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Taotlus on esitatud' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Mis edasi saab' })).toBeTruthy();
  });

  describe('reopened for more information', () => {
    // Rich text (docs/requirements.md section 5): bold and a link stay; an image with a handler and a script link do not.
    const MANAGER_MESSAGE =
      'Lisa <b>müügitulu</b>.\nJa <a href="https://pank.ee/abi" target="_blank">osanike andmed</a>.<img src=x onerror="alert(1)"><a href="javascript:alert(1)">!</a>';
    const reopened = () =>
      serve(
        applicationView({ currentStep: 'Incomes', status: 'IN_PROGRESS', submittedAt: SUBMITTED_AT, reopenedSteps: ['Incomes', 'RelatedPersons'] }),
        timelineOf([submission, decided({ type: 'MORE_INFORMATION_NEEDED', steps: ['Incomes', 'RelatedPersons'], message: MANAGER_MESSAGE })], {
          status: 'IN_PROGRESS',
          reopenedSteps: ['Incomes', 'RelatedPersons'],
        }),
      );

    it.each([
      ['en', 'More information needed', 'Add the missing information', ['Incomes and expenses', 'Related persons']],
      ['et', 'Vajame lisainfot', 'Lisa puuduv info', ['Tulud ja kulud', 'Seotud isikud']],
    ] as const)('in %s: stays on the status page with the steps, the message through the sanitiser and the way in', async (language, title, action, steps) => {
      reopened();
      await i18n.changeLanguage(language);
      const { router } = renderStatus();
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      const entry = (await screen.findByRole('heading', { level: 3, name: title })).closest('li')!;
      expect(
        within(entry)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(steps);
      const message = entry.querySelector('blockquote')!;
      expect(message.textContent).toBe('Lisa müügitulu.\nJa osanike andmed.!');
      expect(message.querySelector('b')?.textContent).toBe('müügitulu');
      const help = within(message).getByRole('link', { name: 'osanike andmed' });
      expect([help.getAttribute('href'), help.getAttribute('rel')]).toEqual(['https://pank.ee/abi', 'noopener noreferrer']);
      expect(message.querySelector('img')).toBeNull();
      expect(message.querySelectorAll('a[href]')).toHaveLength(1);
      const link = within(entry).getByRole('link', { name: action });
      expect(link.getAttribute('href')).toBe('/application/incomes');
      expect(router.state.location.pathname).toBe('/success');
    });

    it('the button opens the first reopened step, the one the server gives', async () => {
      const user = userEvent.setup();
      const { unexpected } = reopened();
      const { router } = renderStatus();
      await user.click(await screen.findByRole('link', { name: 'Add the missing information' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/application/incomes'));
      expect(unexpected.filter((key) => key.includes('/timeline'))).toEqual([]);
    });
  });

  it('reads the timeline again by its interval, not on focus, and announces a new entry politely', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { on, callsTo } = serve(submittedApplication(), timelineOf([submission]));
      renderStatus();
      await screen.findByRole('heading', { level: 3, name: 'Application submitted' });
      const status = screen.getByRole('status');
      expect(status.textContent).toBe('');

      on('GET /onboarding/applications/p-1/timeline', () => jsonResponse(timelineOf([submission, decided({ type: 'FEE_PAID' })])));
      // The window's focus reads nothing again (docs/requirements.md section 7).
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      await vi.advanceTimersByTimeAsync(1000);
      expect(callsTo('GET /onboarding/applications/p-1/timeline')).toHaveLength(1);
      // The interval does.
      await vi.advanceTimersByTimeAsync(TIMELINE_POLL_INTERVAL_MS);
      expect(await screen.findByRole('heading', { level: 3, name: 'Service fee received' })).toBeTruthy();
      await waitFor(() => expect(status.textContent).toBe('New on your application: Service fee received'));
      focusManager.setFocused(undefined);
    } finally {
      vi.useRealTimers();
    }
  });

  it('polls every 30 seconds', () => {
    expect(applicationTimelineQueryOptions('p-1').refetchInterval).toBe(30_000);
    expect(TIMELINE_POLL_INTERVAL_MS).toBe(30_000);
  });

  it('a decision that changes the application reads the application again', async () => {
    const { callsTo } = serve(
      submittedApplication(),
      timelineOf([submission, decided({ type: 'APPROVED', accountNumber: 'EE382200221020145685' })], { status: 'APPROVED' }),
    );
    renderStatus();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account opened' })).toBeTruthy();
    await waitFor(() => expect(callsTo('GET /onboarding/applications/p-1').length).toBe(2));
  });

  it('without the timeline still shows the submission from the application itself', async () => {
    stubFetch({
      'GET /onboarding/applications/p-1': () => jsonResponse(submittedApplication()),
      'GET /onboarding/applications/p-1/timeline': () => jsonResponse({ code: 'INTERNAL', message: 'down' }, 500),
      'GET /onboarding/reference/bank-offices': () => jsonResponse({ bankOffices: OFFICES }),
    });
    renderStatus();
    const text = await entryText('Application submitted');
    expect(text).toContain('You signed the contract.');
    expect(screen.getByRole('button', { name: 'Download the contract (PDF)' })).toBeTruthy();
  });
});
