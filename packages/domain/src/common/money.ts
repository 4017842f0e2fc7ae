import { z } from 'zod';

// Money is kept as integer cents; amounts come in as numbers or as text the way people type them
// ('1200.5', '$1,200.50', '-$35') and go out as numbers of dollars.

const MONEY_TEXT = /^(-)?\$?(\d+)(?:\.(\d*))?$|^(-)?\$?\.(\d+)$/;

/**
 * Integer cents of an amount of dollars; rounds half away from zero to the cent.
 * Throws a RangeError when the input is not an amount.
 */
export function parseMoneyToCents(input: number | string): number {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new RangeError(`Not an amount of money: ${input}`);
    // toPrecision removes the binary noise of a product such as 1.005 * 100 = 100.49999999999999.
    const cents = Math.sign(input) * Math.round(Number((Math.abs(input) * 100).toPrecision(15)));
    return checkSafe(cents === 0 ? 0 : cents, input);
  }
  const text = input.replace(/[\s,]/g, '');
  const match = MONEY_TEXT.exec(text);
  if (!match) throw new RangeError(`Not an amount of money: ${input}`);
  const negative = (match[1] ?? match[4]) === '-';
  const dollars = match[2] ?? '0';
  const fraction = (match[3] ?? match[5] ?? '').padEnd(3, '0');
  const roundUp = Number(fraction[2]) >= 5 ? 1 : 0;
  const cents = Number(dollars) * 100 + Number(fraction.slice(0, 2)) + roundUp;
  return checkSafe(negative && cents !== 0 ? -cents : cents, input);
}

function checkSafe(cents: number, input: number | string): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount of money out of range: ${input}`);
  return cents;
}

/** Dollars as a number for API output: 120050 -> 1200.5. */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** USD in en-US format: 120050 -> '$1,200.50', -3500 -> '-$35.00'. */
export function formatUsd(cents: number): string {
  return usdFormat.format(cents / 100);
}

/** Request field for an amount: a number or money text, parsed to integer cents. */
export const moneyInputSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  try {
    return parseMoneyToCents(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Must be an amount of money' });
    return z.NEVER;
  }
});
