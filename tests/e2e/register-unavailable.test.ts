import type { RikMode } from '../../apps/api/src/simulators/rik/rik-routes.js';
import { describe, expect, it } from 'vitest';
import { givePersonalInformation } from './support/journey.js';
import { signInForTesting } from './support/pages.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite({ SIMULATOR_COMPLETION_DELAY_MS: '200' });

const MESSAGE = 'The Business Register does not answer at the moment';

/** The register stand-in the server's own simulators run, as it answers from now on. */
function setRegisterMode(mode: RikMode) {
  const simulators = suite.server.app.identitySimulators;
  if (!simulators) throw new Error('the e2e server runs the simulators in its own process');
  simulators.setRegisterMode(mode);
}

/**
 * docs/decisions/0033-the-register-through-riks-own-contract.md: a Business Register that does not answer is said so in place, with a retry, never
 * as "no companies"; once it answers again the person goes on from where they were.
 */
describe('a Business Register that does not answer', () => {
  it('says so on the company list and at the choice, without the error toast; the person goes on once it answers', async () => {
    const { page, server } = suite;
    await signInForTesting(page, server.baseUrl, '40504040001');
    setRegisterMode('DOWN');
    try {
      await givePersonalInformation(page);
      const notice = page.getByRole('alert').filter({ hasText: MESSAGE });
      await notice.waitFor({ timeout: 20_000 });
      expect(await page.getByRole('group', { name: 'Companies' }).count()).toBe(0);
      expect(await page.getByText('An error occurred').count()).toBe(0);

      setRegisterMode('NORMAL');
      await notice.getByRole('button', { name: 'Try again' }).click();
      await page.locator('label', { hasText: /Näidis Tehnoloogia OÜ/ }).click();

      // Down again at the choice: said beside it, and the choice stays.
      setRegisterMode('DOWN');
      await page.getByRole('button', { name: 'Continue' }).click();
      await notice.waitFor({ timeout: 20_000 });
      expect(await page.getByRole('radio', { name: /Näidis Tehnoloogia OÜ/ }).isChecked()).toBe(true);
      expect(page.url()).toBe(`${server.baseUrl}/start/choose-company`);
      expect(await page.getByText('An error occurred').count()).toBe(0);
    } finally {
      setRegisterMode('NORMAL');
    }
    await page.getByRole('alert').filter({ hasText: MESSAGE }).getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(`${server.baseUrl}/start/application/opening-reasons`);
    await page.getByRole('heading', { level: 1, name: 'Reasons for opening the account' }).waitFor();
  });
});
