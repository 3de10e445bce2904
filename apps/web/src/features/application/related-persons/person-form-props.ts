import type { PersonValues } from './form-values';
import type { PersonIdentity, StructureCompany } from './person-form-values';
import type { PersonFieldIssue } from './violations';

/** What the modal gives either person form. */
export type PersonFormProps<P extends PersonValues> = {
  formId: string;
  /** The person as stored; undefined when adding. */
  person: P | undefined;
  identity: PersonIdentity;
  /** The companies the person may hold a share in, the applicant first. */
  companies: readonly StructureCompany[];
  /** The person's current share in each company, by company id. */
  shares: ReadonlyMap<string, number | undefined>;
  isRevealed: boolean;
  serverIssues: readonly PersonFieldIssue[];
  onSave: (person: PersonValues, shares: ReadonlyMap<string, number>) => void;
  /** What was typed before a reload, to start from instead of the person as stored. */
  typedValues?: Readonly<Record<string, unknown>>;
  /** Every change of the form's values, to keep them until Save or Cancel. */
  onValuesChange: (values: Record<string, unknown>) => void;
};
