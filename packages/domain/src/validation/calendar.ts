const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysInMonth = (year: number, month: number): number => (month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** True for a yyyy-MM-dd string naming a day that exists in the Gregorian calendar. */
export const isRealDate = (value: string): boolean => {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
};

// Building a DateTimeFormat costs far more than formatting with one; every step save asks for today's date.
let tallinnDate: Intl.DateTimeFormat | undefined;

/**
 * Today's date (yyyy-MM-dd) in Estonia, so that browser and server agree on
 * "not in the future" whatever their own time zones are.
 */
export const todayInEstonia = (now: Date = new Date()): string => {
  tallinnDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit' });
  return tallinnDate.format(now);
};
