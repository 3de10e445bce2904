import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllUnsavedEdits, readUnsavedDialog, readUnsavedEdits, writeUnsavedDialog, writeUnsavedEdits } from './unsaved-edits';

beforeEach(() => sessionStorage.clear());

describe('unsaved edits', () => {
  it('a step’s edits and an open dialog’s input are kept apart, per application', () => {
    writeUnsavedEdits('p-1', 'RelatedPersons', { base: '{}', mine: '{"a":1}' });
    writeUnsavedDialog('p-1', 'RelatedPersons', { target: 'x', values: { firstName: 'Kalle' } });
    expect(readUnsavedEdits('p-1', 'RelatedPersons')).toEqual({ base: '{}', mine: '{"a":1}' });
    expect(readUnsavedDialog('p-1', 'RelatedPersons')).toEqual({ target: 'x', values: { firstName: 'Kalle' } });
    expect(readUnsavedDialog('p-2', 'RelatedPersons')).toBeNull();
    writeUnsavedDialog('p-1', 'RelatedPersons', null);
    expect(readUnsavedDialog('p-1', 'RelatedPersons')).toBeNull();
    expect(readUnsavedEdits('p-1', 'RelatedPersons')).not.toBeNull();
  });

  it('logging out clears both, and nothing else of the session', () => {
    sessionStorage.setItem('processId', 'p-1');
    writeUnsavedEdits('p-1', 'Incomes', { base: '{}', mine: '{}' });
    writeUnsavedDialog('p-1', 'RelatedPersons', { values: {} });
    clearAllUnsavedEdits();
    expect(readUnsavedEdits('p-1', 'Incomes')).toBeNull();
    expect(readUnsavedDialog('p-1', 'RelatedPersons')).toBeNull();
    expect(sessionStorage.getItem('processId')).toBe('p-1');
  });

  it('a broken stored dialog reads as none', () => {
    sessionStorage.setItem('unsavedEdits:p-1:RelatedPersons:dialog', '{not json');
    expect(readUnsavedDialog('p-1', 'RelatedPersons')).toBeNull();
  });
});
