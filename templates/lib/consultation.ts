/**
 * The consultation request: the names of the fields the form sends (those form services such as
 * Formspree and Basin read: `email` becomes the reply-to, `_gotcha` is their honeypot, `_next`
 * the page to return to, `_subject` the e-mail's subject) and the checks the island makes
 * before it sends them. README.md's content guide lists the fields for whoever sets up the service.
 */

/** The fields a visitor fills in, in the order of the form. */
export const FIELDS = ['name', 'email', 'company', 'service', 'message'] as const;
export type FieldName = (typeof FIELDS)[number];

/** The hidden fields: never shown to a person, read by the form service. */
export const HONEYPOT_FIELD = '_gotcha';
export const NEXT_FIELD = '_next';
export const SUBJECT_FIELD = '_subject';
export const SUBJECT = 'Free consultation request';

/** The value of the service field when the request is about none of the firm's services. */
export const SOMETHING_ELSE = 'Something else';

/**
 * A submission sooner than this after the form appeared is a script's, not a person's: nobody
 * reads, types and sends a consultation request in three seconds.
 */
export const MIN_FILL_MS = 3000;

/** How long the island waits for the service before it says the request failed. */
export const SEND_TIMEOUT_MS = 15_000;

/** The longest message the form takes (a `maxlength`, so a paste that long is cut, never refused). */
export const MESSAGE_MAX = 5000;

export type Values = Record<FieldName, string>;
export type Errors = Partial<Record<FieldName, string>>;

/** Deliberately loose, as the address will be answered by a person: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The message for one field's value, or undefined when it is fine. */
export function checkField(field: FieldName, value: string): string | undefined {
  const text = value.trim();
  switch (field) {
    case 'name':
      return text ? undefined : 'Enter your name.';
    case 'email':
      if (!text) return 'Enter your work e-mail address.';
      return EMAIL.test(text) ? undefined : 'Enter an e-mail address like name@company.com.';
    case 'company':
      return undefined;
    case 'service':
      return text ? undefined : 'Choose the service your request is about, or “Something else”.';
    case 'message':
      return text ? undefined : 'Tell us in a few words what you would like to talk about.';
  }
}

/** Every field's message, in the order of the form; an empty object when all is well. */
export function checkAll(values: Values): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) {
    const message = checkField(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** Why a submission does not count, or undefined when it does: the honeypot was filled, or it came too soon. */
export function spamReason(honeypot: string, elapsedMs: number): 'honeypot' | 'too-fast' | undefined {
  if (honeypot.trim() !== '') return 'honeypot';
  if (elapsedMs < MIN_FILL_MS) return 'too-fast';
  return undefined;
}

/** A mailto: link that carries what the visitor typed, for when the form service cannot be reached. */
export function mailtoWith(email: string, values: Values): string {
  const signature = [values.name.trim(), values.company.trim()].filter(Boolean).join(', ');
  const about = values.service ? `About: ${values.service}` : '';
  // Mail programs cut very long mailto: links; the first 1,500 characters carry the gist.
  const body = [values.message.trim().slice(0, 1500), signature, about].filter(Boolean).join('\n\n');
  return `mailto:${email}?subject=${encodeURIComponent(SUBJECT)}${body ? `&body=${encodeURIComponent(body)}` : ''}`;
}
