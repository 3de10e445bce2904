import type { ApplicationView, SigningStatusResponse } from '@onboarding/domain';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import { applicationView } from '../../../test/application-fixture';
import { fakeAccessToken, jsonResponse } from '../../../test/fake-token';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-app';
import { writeSessionValues } from '../../../lib/session-storage';
import { ApplicationLayout } from '../application-layout';
import { IdCardError, type IdCardErrorCode, type IdCardSigner } from '../../../lib/signing/id-card/id-card-signer';
import { SigningEnvironmentContext, type SigningEnvironment } from '../../../lib/signing/signing-environment';

export const SIGNING_URL = 'POST /onboarding/applications/p-1/signing';
export const statusUrl = (sessionId = 's-1') => `GET /onboarding/applications/p-1/signing/${sessionId}`;
export const cancelUrl = (sessionId = 's-1') => `POST /onboarding/applications/p-1/signing/${sessionId}/cancel`;
export const idCardSignatureUrl = (sessionId = 's-1') => `POST /onboarding/applications/p-1/signing/${sessionId}/id-card-signature`;
export const APPLICATION_URL = 'GET /onboarding/applications/p-1';

export const CERTIFICATE = 'MIIBcertificate';
export const HASH = 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=';

/** The application as signing leaves it: submitted, with what happens next. */
export const submittedApplication = (overrides: Partial<ApplicationView> = {}): ApplicationView =>
  applicationView({
    currentStep: 'ApplicationSubmitted',
    status: 'SUBMITTED',
    version: 4,
    followUp: 'PAY_SERVICE_FEE',
    submittedAt: '2025-01-02T10:00:00.000Z',
    ...overrides,
  });

export const waiting = (verificationCode?: string): SigningStatusResponse => ({ state: 'WAITING_FOR_PIN2', ...(verificationCode ? { verificationCode } : {}) });
export const signed = (): SigningStatusResponse => ({ state: 'SIGNED', application: submittedApplication() });
export const ended = (state: 'TERMINATED' | 'UNSUCCESSFUL' | 'CANCELLED', failureCode?: string): SigningStatusResponse => ({
  state,
  ...(failureCode ? { failureCode } : {}),
});

/**
 * Serves the application at the overview, the representative (for the
 * Mobile-ID number), a start that answers session s-1 with code 1234, and
 * status answers taken in turn from `statuses` (the last one repeats).
 */
export function serveSigning({
  statuses = [waiting('1234'), signed()],
  phone = '+372 5555 1234',
}: { statuses?: SigningStatusResponse[]; phone?: string | null } = {}) {
  const view = applicationView({ currentStep: 'ApplicationOverview' });
  const stub = stubFetch({ [APPLICATION_URL]: () => jsonResponse(view) });
  stub.on('GET /onboarding/representative', () =>
    jsonResponse({
      personalId: '38001085718',
      personalIdCountryCode: 'EE',
      givenName: 'Jüri',
      surname: 'Tamm',
      email: 'juri@tamm.ee',
      phone,
      language: 'et',
      hasConsentedToRegistryQueries: true,
      consentedAt: '2025-01-02T10:00:00.000Z',
      isEmailConfirmed: true,
      personOutcome: null,
    }),
  );
  stub.on(SIGNING_URL, ({ body }) =>
    jsonResponse(
      (body as { method: string }).method === 'ID_CARD'
        ? { signingSessionId: 's-1', hash: HASH, hashType: 'SHA256' }
        : { signingSessionId: 's-1', verificationCode: '1234' },
    ),
  );
  let queue = [...statuses];
  const nextStatus = () => (queue.length > 1 ? queue.shift() : queue[0]);
  stub.on(statusUrl(), () => jsonResponse(nextStatus()));
  stub.on(cancelUrl(), () => jsonResponse(null, 204));
  return { ...stub, setStatuses: (next: SigningStatusResponse[]) => (queue = [...next]) };
}

/** A stub card: each call answers what the test says, or rejects with the hwcrypto code. */
export function stubCard({ certificate = CERTIFICATE as string | IdCardErrorCode, signature = 'c2lnbmF0dXJl' as string | IdCardErrorCode } = {}) {
  const answer = <T,>(value: string, field: string): Promise<T> =>
    value.includes('_') ? Promise.reject(new IdCardError(value as IdCardErrorCode)) : Promise.resolve({ [field]: value } as T);
  const card = {
    getSigningCertificate: vi.fn(() => answer<{ certificate: string }>(certificate, 'certificate')),
    sign: vi.fn(() => answer<{ signature: string }>(signature, 'signature')),
  } satisfies IdCardSigner;
  const signerFor = vi.fn((_personalId: string): IdCardSigner => card);
  return { card, signerFor };
}

type RenderOptions = {
  signerFor?: (personalId: string) => IdCardSigner;
  /** Access token claims other than the default Smart-ID sign-in's. */
  claims?: Parameters<typeof fakeAccessToken>[0];
};

/**
 * The application layout with `screen` at the overview, a fast poll and the
 * given card, and /success to land on. Signed in as Jüri Tamm (38001085718).
 */
export function renderWithSigning(content: ReactNode, { signerFor = stubCard().signerFor, claims }: RenderOptions = {}) {
  writeSessionValues({ accessToken: fakeAccessToken(claims) });
  const environment: SigningEnvironment = { idCardSignerFor: signerFor, pollIntervalMs: 5 };
  const routes: RouteObject[] = [
    {
      path: '/application',
      element: <ApplicationLayout processId="p-1" onLogout={() => undefined} />,
      children: [
        { index: true, element: null },
        ...['opening-reasons', 'company-information', 'incomes', 'related-persons'].map((segment) => ({
          path: `/application/${segment}`,
          element: <h1>{segment}</h1>,
        })),
        { path: '/application/overview', element: <SigningEnvironmentContext value={environment}>{content}</SigningEnvironmentContext> },
      ],
    },
    { path: '/success', element: <h1>Submitted</h1> },
    { path: '/choose-company', element: <h1>Choose a company</h1> },
  ];
  return renderRoutes(routes, '/application/overview');
}

export const signButton = () => screen.getByRole('button', { name: 'Sign the contract' });
