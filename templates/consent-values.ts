/** Where the visitor's analytics choice is kept in localStorage. */
export const CONSENT_KEY = 'ga_consent_v2';

/** The two choices a visitor can make. */
export const CONSENT_VALUES = ['granted', 'denied'] as const;

export type ConsentChoice = (typeof CONSENT_VALUES)[number];

/** The stored choice, or null when the visitor has not chosen (or storage holds something else). */
export function readConsent(storage: Pick<Storage, 'getItem'>): ConsentChoice | null {
  const value = storage.getItem(CONSENT_KEY);
  return (CONSENT_VALUES as readonly string[]).includes(value ?? '') ? (value as ConsentChoice) : null;
}
