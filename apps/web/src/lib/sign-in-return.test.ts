import { beforeEach, describe, expect, it } from 'vitest';
import { readSessionValue, writeSessionValues } from './session-storage';
import { forgetSignInReturn, landingAfterSignIn, recordEndedSession, rememberReturnTo } from './sign-in-return';
import { readUnsavedEdits, writeUnsavedEdits } from './unsaved-edits';

const MARI = { personalId: '40504040001', personalIdCountryCode: 'EE' };
const JAAN = { personalId: '38001085718', personalIdCountryCode: 'EE' };
const edits = { base: '{}', mine: '{"reason":"typed"}' };

beforeEach(() => sessionStorage.clear());

describe('where the next sign-in leads (decision 45)', () => {
  it('brings the same person back to the screen and application their session ended on', async () => {
    writeSessionValues({ processId: 'p-1' });
    writeUnsavedEdits('p-1', 'Incomes', edits);
    await recordEndedSession(MARI, '/application/incomes');
    expect(readSessionValue('processId')).toBeNull();
    expect(readSessionValue('endedSession')).not.toContain(MARI.personalId);

    expect(await landingAfterSignIn(MARI)).toBe('/application/incomes');
    expect(readSessionValue('processId')).toBe('p-1');
    expect(readUnsavedEdits('p-1', 'Incomes')).toEqual(edits);
    // Said once: the sign-in screen no longer says the session ended, and the next sign-in starts from the start.
    expect(readSessionValue('endedSession')).toBeNull();
    expect(readSessionValue('returnTo')).toBeNull();
  });

  it('starts another person in the same tab clean: no application, no place, no unsaved edits', async () => {
    writeSessionValues({ processId: 'p-1' });
    writeUnsavedEdits('p-1', 'Incomes', edits);
    await recordEndedSession(MARI, '/application/incomes');

    expect(await landingAfterSignIn(JAAN)).toBe('/personal-information');
    expect(readSessionValue('processId')).toBeNull();
    expect(readUnsavedEdits('p-1', 'Incomes')).toBeNull();
    expect(readSessionValue('endedSession')).toBeNull();
  });

  it('gives nobody the place of a session that ended without saying whose it was', async () => {
    writeSessionValues({ processId: 'p-1' });
    await recordEndedSession(null, '/application/incomes');
    expect(await landingAfterSignIn(MARI)).toBe('/personal-information');
    expect(readSessionValue('processId')).toBeNull();
  });

  it('keeps no error screen as the place to come back to', async () => {
    writeSessionValues({ processId: 'p-1' });
    await recordEndedSession(MARI, '/error/network');
    expect(await landingAfterSignIn(MARI)).toBe('/application');
  });

  it('lands where a mailed link points, whoever signs in; its language is the page’s already', async () => {
    rememberReturnTo(new URL('https://bank.example/start/success?processId=p-9&lang=ru'), '/start');
    writeSessionValues({ processId: 'p-9' });
    expect(await landingAfterSignIn(JAAN)).toBe('/success?processId=p-9');
    expect(readSessionValue('returnTo')).toBeNull();
  });

  it('lets a link opened after a session ended win over that session’s place, for its person too', async () => {
    writeSessionValues({ processId: 'p-1' });
    await recordEndedSession(MARI, '/application/incomes');
    rememberReturnTo(new URL('https://bank.example/start/application?processId=p-2&lang=en'), '/start');
    writeSessionValues({ processId: 'p-2' });
    expect(await landingAfterSignIn(MARI)).toBe('/application?processId=p-2');
    expect(readSessionValue('processId')).toBe('p-2');
  });

  it('keeps a link to an application without a place of its own as before: the application', async () => {
    writeSessionValues({ processId: 'p-3' });
    expect(await landingAfterSignIn(JAAN)).toBe('/application');
  });

  it('after a logout, leaves nothing for the next sign-in', async () => {
    writeSessionValues({ processId: 'p-1', returnTo: '/success?processId=p-1' });
    writeUnsavedEdits('p-1', 'Incomes', edits);
    forgetSignInReturn();
    expect(await landingAfterSignIn(MARI)).toBe('/personal-information');
    expect(readUnsavedEdits('p-1', 'Incomes')).toBeNull();
  });

  it('sends an invitation link opened before sign-in to its invitation first', async () => {
    writeSessionValues({ invitationToken: 'tok-1', processId: 'p-1' });
    expect(await landingAfterSignIn(JAAN)).toBe('/invitation/tok-1');
  });
});
