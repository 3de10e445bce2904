import type { ManualCompany, manualCompanySchema } from '@onboarding/domain';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** The form of a company typed by hand, shared by its fields and the register's auto-fill. */
export type ManualCompanyForm = UseFormReturn<z.input<typeof manualCompanySchema>, unknown, ManualCompany>;
