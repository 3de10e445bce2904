import type { Step } from '@onboarding/domain';

export type ConflictChoice = 'mine' | 'theirs';

/** One top-level field of a step that this page and another window both changed, differently. */
export type ConflictField = { key: string; mine: unknown; theirs: unknown };

/** What the conflict view shows, and how the step's autosave takes the user's choices. */
export type DraftConflict = {
  step: Step;
  fields: readonly ConflictField[];
  resolve: (choices: Readonly<Record<string, ConflictChoice>>) => void;
};
