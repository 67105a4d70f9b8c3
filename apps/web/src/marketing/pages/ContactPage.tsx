import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import {
  EMPTY_CONTACT,
  FIELD_ORDER,
  LIMITS,
  readContactForm,
  sendContact,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '../contact-form.ts';
import { HOLD_EARLY_SUBMIT, markInteractive, takeHeldSubmit } from '../early-submit.ts';
import { waitOutFillTime } from '../fill-time.ts';
import { pathOf } from '../routes.ts';
import { fill, m } from '../strings.ts';
import { institutionValues, useInstitution } from '../site-context.tsx';
import { CtaBand, PageHero, Section } from '../components/blocks.tsx';
import { Icon, type IconName } from '../components/Icon.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import c from './contact.module.css';
import s from '../site.module.css';

const t = m.contact;

const mailto = (email: string, subject?: string) =>
  `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** « Appeler le +352 20 00 00 00 », the number kept on one line. */
function CallLabel({ phone }: { phone: string }) {
  const [before = '', after = ''] = t.call.split('{phone}');
  return (
    <span>
      {before}
      <span className={c.nowrap}>{phone}</span>
      {after}
    </span>
  );
}

/** /contact: four topic cards, the form, the institution's e-mails and phone (docs/product/marketing-site.md#pages). */
export function ContactPage() {
  const institution = useInstitution();
  const values = institutionValues(institution);
  const { support, fraud } = institution.emails;

  const topics: { id: string; icon: IconName; title: string; text: string; links: ReactNode }[] = [
    {
      id: 'help',
      icon: 'help',
      ...t.topics.help,
      links: (
        <>
          <MailLink to={support} />
          <PhoneLink phone={institution.phone} />
        </>
      ),
    },
    {
      id: 'complaints',
      icon: 'fileText',
      title: t.topics.complaints.title,
      text: t.topics.complaints.text,
      links: <MailLink to={support} subject={t.topics.complaints.subject} />,
    },
    {
      id: 'fraud',
      icon: 'alert',
      title: t.topics.fraud.title,
      text: fill(t.topics.fraud.text, values),
      links: (
        <>
          <MailLink to={fraud} />
          <PhoneLink phone={institution.phone} />
        </>
      ),
    },
    {
      id: 'marketing',
      icon: 'megaphone',
      title: t.topics.marketing.title,
      text: t.topics.marketing.text,
      links: <MailLink to={support} subject={t.topics.marketing.subject} />,
    },
  ];

  const { address } = institution;
  return (
    <>
      <PageHero title={t.hero.title} lead={t.hero.lead} />
      <Section title={t.topicsTitle} alt>
        <ul className={s.grid2}>
          {topics.map((topic) => (
            <li key={topic.id} className={`${s.card} ${c.topic}`}>
              <span className={s.iconBadge}>
                <Icon name={topic.icon} />
              </span>
              <h3 className={s.h3}>{topic.title}</h3>
              <p className={`${s.muted} ${c.topicText}`}>{topic.text}</p>
              <p className={c.topicLinks}>{topic.links}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t.form.title} id="formulaire">
        <div className={c.layout}>
          <ContactForm />
          <aside className={c.details} aria-labelledby="contact-coordonnees">
            <h3 id="contact-coordonnees" className={s.h3}>
              {t.details.title}
            </h3>
            <dl>
              <div>
                <dt>{t.details.address}</dt>
                <dd>
                  <address>
                    {institution.legalName}
                    <br />
                    {address.street}
                    <br />
                    {address.postalCode} {address.city}, {address.country}
                  </address>
                </dd>
              </div>
              <div>
                <dt>{t.details.phone}</dt>
                <dd>
                  <a href={tel(institution.phone)}>{institution.phone}</a>
                </dd>
              </div>
              <div>
                <dt>{t.details.support}</dt>
                <dd>
                  <a href={mailto(support)}>{support}</a>
                </dd>
              </div>
              <div>
                <dt>{t.details.fraud}</dt>
                <dd>
                  <a href={mailto(fraud)}>{fraud}</a>
                </dd>
              </div>
            </dl>
          </aside>
        </div>
      </Section>
      <CtaBand />
    </>
  );
}

type Status =
  { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * What the visitor typed into the pre-rendered form before the page became interactive (nothing
 * when rendering on the server or moving here from another page). The first client render must
 * carry it: hydration writes the state's value into the textarea.
 */
const typedBeforeInteractive = (): ContactValues => {
  if (typeof document === 'undefined') return EMPTY_CONTACT;
  const field = document.getElementById('contact-name');
  return field instanceof HTMLInputElement && field.form ? readContactForm(field.form) : EMPTY_CONTACT;
};

/**
 * Name, company, e-mail, message and the privacy consent — all required, checked in French before
 * sending. A honeypot and the time taken to fill the form let the server refuse robots; a person
 * who submits within 3 s of the form appearing simply waits the rest before it is sent. What was
 * typed, or sent, before the page became interactive is taken up once it is.
 */
function ContactForm() {
  const institution = useInstitution();
  const [values, setValues] = useState<ContactValues>(typedBeforeInteractive);
  const [submitted, setSubmitted] = useState(false);
  // Once the visitor has tried to send, errors follow the typing.
  const errors: ContactErrors = submitted ? validateContact(values) : {};
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const shownAt = useRef<number | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const f = t.form;

  const attachForm = useCallback((form: HTMLFormElement | null) => {
    formRef.current = form;
    if (form) markInteractive(form);
  }, []);

  useEffect(() => {
    if (status.kind === 'sent') successRef.current?.focus();
    if (status.kind === 'failed') alertRef.current?.focus();
  }, [status.kind]);

  const update =
    (field: keyof ContactValues) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const target = event.currentTarget;
      const value =
        target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
      // From the latest state: a change may come before the render of the one before it.
      setValues((current) => ({ ...current, [field]: value }));
    };

  const submit = async (current: ContactValues) => {
    if (status.kind === 'sending') return;
    setSubmitted(true);
    const found = validateContact(current);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    const fillTimeMs = await waitOutFillTime(shownAt.current ?? performance.now());
    const result = await sendContact(current, fillTimeMs);
    setStatus(result.ok ? { kind: 'sent' } : { kind: 'failed', message: result.message });
  };

  // Once, when the form becomes interactive: what the visitor typed, or sent, before is taken up.
  useEffect(() => {
    shownAt.current = performance.now();
    const form = formRef.current;
    if (!form) return;
    const typed = readContactForm(form);
    setValues(typed);
    if (takeHeldSubmit(form)) void submit(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount only: a held submit is sent once
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(values);
  };

  if (status.kind === 'sent') {
    return (
      <div className={c.success} role="status">
        <span className={c.successIcon}>
          <Icon name="circleCheck" size={36} />
        </span>
        <h3 ref={successRef} tabIndex={-1} className={s.h3}>
          {f.successTitle}
        </h3>
        <p>{f.successText}</p>
        <p>
          <button
            type="button"
            className={`${s.btn} ${s.btnOutline}`}
            onClick={() => {
              setValues(EMPTY_CONTACT);
              setSubmitted(false);
              shownAt.current = performance.now();
              setStatus({ kind: 'editing' });
            }}
          >
            {f.again}
          </button>
        </p>
      </div>
    );
  }

  const sending = status.kind === 'sending';
  const describedBy = (field: ContactField, hint?: string) =>
    [hint, errors[field] ? `contact-${field}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <form
      ref={attachForm}
      {...HOLD_EARLY_SUBMIT}
      className={c.form}
      noValidate
      onSubmit={onSubmit}
      aria-describedby="contact-intro"
    >
      <p id="contact-intro" className={s.muted}>
        {f.intro}
      </p>
      <noscript>
        <p className={c.noscript}>{fill(f.noscript, { email: institution.emails.support })}</p>
      </noscript>
      {status.kind === 'failed' && (
        <div ref={alertRef} className={c.alert} role="alert" tabIndex={-1}>
          {status.message}
        </div>
      )}

      <div className={c.field}>
        <label className={c.label} htmlFor="contact-name">
          {f.name}
        </label>
        <input
          id="contact-name"
          name="name"
          className={c.input}
          autoComplete="name"
          required
          maxLength={LIMITS.name}
          value={values.name}
          onChange={update('name')}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
        />
        <FieldError field="name" errors={errors} />
      </div>

      <div className={c.field}>
        <label className={c.label} htmlFor="contact-company">
          {f.company}
        </label>
        <span id="contact-company-hint" className={c.hint}>
          {f.companyHint}
        </span>
        <input
          id="contact-company"
          name="company"
          className={c.input}
          autoComplete="organization"
          required
          maxLength={LIMITS.company}
          value={values.company}
          onChange={update('company')}
          aria-invalid={errors.company ? true : undefined}
          aria-describedby={describedBy('company', 'contact-company-hint')}
        />
        <FieldError field="company" errors={errors} />
      </div>

      <div className={c.field}>
        <label className={c.label} htmlFor="contact-email">
          {f.email}
        </label>
        <input
          id="contact-email"
          name="email"
          type="email"
          inputMode="email"
          className={c.input}
          autoComplete="email"
          spellCheck={false}
          required
          maxLength={254}
          value={values.email}
          onChange={update('email')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
        />
        <FieldError field="email" errors={errors} />
      </div>

      <div className={c.field}>
        <label className={c.label} htmlFor="contact-message">
          {f.message}
        </label>
        <textarea
          id="contact-message"
          name="message"
          className={c.input}
          rows={6}
          required
          maxLength={LIMITS.message}
          value={values.message}
          onChange={update('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
        />
        <FieldError field="message" errors={errors} />
      </div>

      <div className={c.trap} aria-hidden="true">
        <label htmlFor="contact-website">{f.honeypot}</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={update('website')}
        />
      </div>

      <div className={c.field}>
        <div className={c.check}>
          <input
            id="contact-consent"
            name="consent"
            type="checkbox"
            required
            checked={values.consent}
            onChange={update('consent')}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy('consent')}
          />
          <label htmlFor="contact-consent">
            {fill(f.consent, { name: institution.name })}{' '}
            <SiteLink to={pathOf('privacy')}>{f.consentLink}</SiteLink>.
          </label>
        </div>
        <FieldError field="consent" errors={errors} />
      </div>

      <div>
        <button type="submit" className={`${s.btn} ${s.btnPrimary}`} aria-disabled={sending || undefined}>
          <Icon name="send" size={20} />
          {sending ? f.sending : f.submit}
        </button>
      </div>
    </form>
  );
}

function FieldError({ field, errors }: { field: ContactField; errors: ContactErrors }) {
  const message = errors[field];
  if (!message) return null;
  return (
    <p id={`contact-${field}-error`} className={c.error}>
      <Icon name="alert" size={18} />
      {message}
    </p>
  );
}

function MailLink({ to, subject }: { to: string; subject?: string }) {
  return (
    <a href={mailto(to, subject)}>
      <Icon name="mail" size={18} />
      {fill(t.write, { email: to })}
    </a>
  );
}

function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={tel(phone)}>
      <Icon name="phone" size={18} />
      <CallLabel phone={phone} />
    </a>
  );
}
