import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18nReady } from '../i18n/i18n';
import { clearAllUnsavedEdits } from '../lib/unsaved-edits';

// The texts of a language load on demand (i18n.ts); the tests render with them in place, as main.tsx does.
await i18nReady;

afterEach(() => {
  cleanup();
  // A test's unsaved typing must not come back in the next test's form of the same step.
  clearAllUnsavedEdits();
});
