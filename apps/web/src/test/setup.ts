import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18nReady } from '../i18n/i18n';
import { clearAllUnsavedEdits } from '../lib/unsaved-edits';

// findBy… and waitFor wait for what they look for; their 1 s default is about the machine, not the product: a screen
// whose chunks and texts load lazily can take longer than that on a busy shared machine. No test asserts a timing.
configure({ asyncUtilTimeout: 5000 });

// The texts of a language load on demand (i18n.ts); the tests render with them in place, as main.tsx does.
await i18nReady;

afterEach(() => {
  cleanup();
  // A test's unsaved typing must not come back in the next test's form of the same step.
  clearAllUnsavedEdits();
});
