import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Icon } from '../components/Icon.tsx';
import {
  checkAll,
  checkField,
  FIELDS,
  HONEYPOT_FIELD,
  mailtoWith,
  MESSAGE_MAX,
  NEXT_FIELD,
  SEND_TIMEOUT_MS,
  SOMETHING_ELSE,
  spamReason,
  SUBJECT,
  SUBJECT_FIELD,
  type Errors,
  type FieldName,
  type Values,
} from '../lib/consultation.ts';

export interface ConsultationFormProps {
  /** The form service's address: the form posts there, with JavaScript or without. */
  endpoint: string;
  /** The firm's address, offered when the service cannot be reached. */
  email: string;
  /** The titles of the firm's services, in their order; "Something else" follows them. */
  services: string[];
  /** The absolute URL of the thank-you page a service redirects to after a post without JavaScript. */
  nextUrl: string;
  privacyHref: string;
}

type Phase = 'editing' | 'sending' | 'sent' | 'failed';

const idOf = (field: FieldName) => `consult-${field}`;
const errorIdOf = (field: FieldName) => `consult-${field}-error`;

/**
 * The free consultation request. Rendered on the server as a plain form that posts to the form
 * service, so it works without JavaScript (the browser checks the required fields). Once
 * hydrated it checks each field as the visitor leaves it and everything on submit, with messages
 * tied to their fields, and sends the request with fetch without leaving the page; a failure
 * keeps what was typed and offers the e-mail address instead.
 */
export default function ConsultationForm({ endpoint, email, services, nextUrl, privacyHref }: ConsultationFormProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [phase, setPhase] = useState<Phase>('editing');
  const [errors, setErrors] = useState<Errors>({});
  const [mailto, setMailto] = useState(`mailto:${email}?subject=${encodeURIComponent(SUBJECT)}`);
  const form = useRef<HTMLFormElement>(null);
  const sentPanel = useRef<HTMLDivElement>(null);
  // The clock of the minimum time starts when the form can first be used: as it hydrates.
  const shownAt = useRef(typeof performance === 'undefined' ? 0 : performance.now());
  const edited = useRef(new Set<FieldName>());
  const focusFirstError = useRef(false);
  const pressingSend = useRef(false);

  useEffect(() => setEnhanced(true), []);

  // After the render that shows the messages, so the field is announced with its message.
  useLayoutEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  }, [errors]);

  useLayoutEffect(() => {
    if (phase === 'sent') sentPanel.current?.focus();
  }, [phase]);

  const valuesOf = (): Values => {
    const data = new FormData(form.current!);
    return Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? '')])) as Values;
  };

  const recheck = (field: FieldName, value: string) => setErrors((current) => ({ ...current, [field]: checkField(field, value) }));

  // Leaving a field checks it once the visitor has typed in it: tabbing through an empty form scolds
  // nobody. Not when leaving it for "Send request", which checks everything: a message appearing
  // between the press and the release would move the button out from under the pointer, and the
  // click would be lost (phones do not focus a tapped button, hence the pointer flag).
  const onBlur = (field: FieldName, value: string, to: EventTarget | null) => {
    if (pressingSend.current || (to instanceof HTMLButtonElement && to.type === 'submit')) return;
    if (edited.current.has(field) || errors[field]) recheck(field, value);
  };
  // A message already shown goes away as soon as the value is right.
  const onChange = (field: FieldName, value: string) => {
    edited.current.add(field);
    if (errors[field]) recheck(field, value);
  };

  // Until the press ends, wherever the pointer is then; the click that follows the release comes first.
  const onPressSend = () => {
    pressingSend.current = true;
    const release = () => setTimeout(() => (pressingSend.current = false));
    window.addEventListener('pointerup', release, { once: true, capture: true });
    window.addEventListener('pointercancel', release, { once: true, capture: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'sending') return;
    const values = valuesOf();
    const found = checkAll(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError.current = true;
      return;
    }
    const data = new FormData(form.current!);
    // A filled honeypot or a too-quick submission looks sent to whoever made it, and is dropped.
    if (spamReason(String(data.get(HONEYPOT_FIELD) ?? ''), performance.now() - shownAt.current)) {
      setPhase('sent');
      return;
    }
    setMailto(mailtoWith(email, values));
    setPhase('sending');
    setPhase((await send(endpoint, data)) ? 'sent' : 'failed');
  };

  const field = (name: FieldName) => ({
    id: idOf(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [name === 'message' ? 'consult-message-hint' : '', errors[name] ? errorIdOf(name) : ''].filter(Boolean).join(' ') || undefined,
    onBlur: (event: { currentTarget: { value: string }; relatedTarget: EventTarget | null }) =>
      onBlur(name, event.currentTarget.value, event.relatedTarget),
    onChange: (event: { currentTarget: { value: string } }) => onChange(name, event.currentTarget.value),
  });
  const message = (name: FieldName) =>
    errors[name] ? (
      <p className="field-error" id={errorIdOf(name)}>
        {errors[name]}
      </p>
    ) : null;

  const sending = phase === 'sending';
  return (
    <div className="consult">
      <div className="consult-status" role="status">
        {sending ? <span className="visually-hidden">Sending your request…</span> : null}
        {phase === 'sent' ? (
          <div className="consult-sent" ref={sentPanel} tabIndex={-1}>
            <p className="consult-sent-title">
              <Icon name="check_circle" size="sm" />
              Thank you: your request is on its way.
            </p>
            <p>A senior engineer will reply within one business day with a few times for a call.</p>
          </div>
        ) : null}
      </div>
      <form
        ref={form}
        className="consult-form"
        action={endpoint}
        method="post"
        noValidate={enhanced}
        hidden={phase === 'sent'}
        onSubmit={onSubmit}
      >
        <div className="field">
          <label htmlFor={idOf('name')}>Name</label>
          <input type="text" autoComplete="name" required {...field('name')} />
          {message('name')}
        </div>
        <div className="field">
          <label htmlFor={idOf('email')}>Work e-mail</label>
          <input type="email" autoComplete="email" spellCheck={false} required {...field('email')} />
          {message('email')}
        </div>
        <div className="field">
          <label htmlFor={idOf('company')}>
            Company <span className="field-optional">(optional)</span>
          </label>
          <input type="text" autoComplete="organization" {...field('company')} />
        </div>
        <div className="field">
          <label htmlFor={idOf('service')}>What is it about?</label>
          {/* No defaultValue: hydrating one would undo a choice made before the code arrived. The
              empty first option is the placeholder that `required` refuses. */}
          <select required {...field('service')}>
            <option value="">Choose a service</option>
            {services.map((title) => (
              <option key={title}>{title}</option>
            ))}
            <option>{SOMETHING_ELSE}</option>
          </select>
          {message('service')}
        </div>
        <div className="field field-wide">
          <label htmlFor={idOf('message')}>Your message</label>
          <p className="field-hint" id="consult-message-hint">
            A few sentences are enough: the problem, the systems involved, any deadline. Please send no passwords or confidential data.
          </p>
          <textarea rows={6} maxLength={MESSAGE_MAX} required {...field('message')} />
          {message('message')}
        </div>
        <div className="form-trap" aria-hidden="true">
          <label htmlFor="consult-trap">Leave this field empty</label>
          <input id="consult-trap" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <input type="hidden" name={NEXT_FIELD} value={nextUrl} />
        <input type="hidden" name={SUBJECT_FIELD} value={SUBJECT} />
        <p className="form-notice field-wide">
          We use what you send only to answer your request; our form service delivers it to us by e-mail. Our{' '}
          <a href={privacyHref}>privacy policy</a> explains more.
        </p>
        {phase === 'failed' ? (
          <div className="form-failed field-wide" role="alert">
            <Icon name="error" size="sm" />
            <p>
              <strong>Your request could not be sent.</strong> What you typed is still here: try again in a moment, or{' '}
              <a href={mailto}>e-mail it to {email}</a>.
            </p>
          </div>
        ) : null}
        <div className="form-actions field-wide">
          <button type="submit" className="button button-primary" aria-disabled={sending ? true : undefined} onPointerDown={onPressSend}>
            <Icon name="arrow_forward" size="xs" />
            {sending ? 'Sending…' : 'Send request'}
          </button>
        </div>
      </form>
    </div>
  );
}

/** Posts the form's fields as a form would, asking for JSON so the service answers instead of redirecting; true when it took them. */
async function send(endpoint: string, data: FormData): Promise<boolean> {
  const body = new URLSearchParams([...data].map(([name, value]) => [name, String(value)]));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  try {
    const response = await fetch(endpoint, { method: 'POST', body, headers: { Accept: 'application/json' }, signal: controller.signal });
    return response.ok;
  } catch {
    // Refused, unreachable, blocked or too slow: all the visitor can do is the same.
    return false;
  } finally {
    clearTimeout(timer);
  }
}
