import type { Language } from './translate.ts';

/**
 * A cost as the user reads it: money (an ISO 4217 code) in their language's way, any other unit
 * ("credits") after the number.
 *
 * @example
 * formatCost('fr', { amount: 1.5, currency: 'EUR' }) // '1,50 €'
 * formatCost('en', { amount: 12, currency: 'credits' }) // '12 credits'
 */
export function formatCost(
  language: Language,
  { amount, currency }: { amount: number; currency: string },
): string {
  if (/^[A-Z]{3}$/.test(currency)) {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  }
  return `${new Intl.NumberFormat(language).format(amount)} ${currency}`;
}
