import { MAX_AMOUNT_INTEGER_DIGITS } from '../constants.js';
import { validationIssue, type ValidationResult } from './codes.js';

const MAX_AMOUNT = 10 ** MAX_AMOUNT_INTEGER_DIGITS - 1;

/**
 * Money is a whole number of euros (docs/design.md conventions);
 * docs/requirements.md section 5 names the messages: invalid amount (not a
 * whole number, or more integer digits than allowed), amount must be
 * positive, minimum amount where a rule sets one.
 */
export const validateEuros = (value: number, minValue?: number): ValidationResult => {
  if (!Number.isSafeInteger(value) || value > MAX_AMOUNT) return validationIssue('invalidAmount');
  if (value <= 0) return validationIssue('amountMustBePositive');
  if (minValue !== undefined && value < minValue) return validationIssue('minAmount', { minValue });
  return null;
};

const PERCENT_DECIMALS = 2;

/** Share percents: above 0, at most 100, at most two decimals ("Incorrect value (decimal, size)"). */
export const validatePercent = (value: number): ValidationResult => {
  if (!Number.isFinite(value)) return validationIssue('incorrectValue');
  if (value <= 0) return validationIssue('minValue', { min: 0 });
  if (value > 100) return validationIssue('maxValue', { max: 100 });
  const scaled = value * 10 ** PERCENT_DECIMALS;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) return validationIssue('incorrectValue');
  return null;
};

/** Percent in hundredths, so that totals add up exactly. */
export const percentToBasisPoints = (value: number): number => Math.round(value * 10 ** PERCENT_DECIMALS);
