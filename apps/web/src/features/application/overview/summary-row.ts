/** One dt/dd pair of a step's summary; a list value is shown as a list. */
export type SummaryRow = { id: string; label: string; value: string | readonly string[] };

/** A step's rows, or null when the step has no saved data the summary can read. */
export type SummaryRows = readonly SummaryRow[] | null;
