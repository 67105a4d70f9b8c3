import { useId, type ReactNode } from 'react';
import type { Quote } from '../content.ts';
import { isAvailable, PAGE_FEATURE, PAGE_SOON_NOTICE, SOON, type Claim } from '../content/availability.ts';
import { SIGN_UP_PATH, type PageKey } from '../routes.ts';
import { fill, m } from '../strings.ts';
import { useInstitution, useSignedIn } from '../site-context.tsx';
import { Icon, type IconName } from './Icon.tsx';
import { SiteLink } from './SiteLink.tsx';
import b from './blocks.module.css';
import s from '../site.module.css';

export interface Picture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * « Ouvrir mon compte » → /inscription1: on every page, more than once (docs/product/marketing-site.md) — but not to a
 * customer reading a public page inside their area.
 */
export function OpenAccountButton({
  variant = 'primary',
  label = m.common.openAccount,
}: {
  variant?: 'primary' | 'light';
  label?: string;
}) {
  if (useSignedIn()) return null;
  return (
    <SiteLink to={SIGN_UP_PATH} className={`${s.btn} ${variant === 'light' ? s.btnLight : s.btnPrimary}`}>
      {label}
      <Icon name="arrowRight" size={20} />
    </SiteLink>
  );
}

/** « exemple »: demonstration content, in sandbox mode (docs/product/principles.md#no-false-claims). */
export function SampleTag() {
  return <span className={s.sample}>{m.common.sample}</span>;
}

/** « Bientôt »: a feature the product does not have yet (docs/product/principles.md#no-false-claims). */
export function SoonTag() {
  return <span className={s.soon}>{SOON}</span>;
}

/** On a page about a feature still in preparation: says so before anything else. */
export function SoonNotice({ page }: { page: PageKey }) {
  const since = PAGE_FEATURE[page];
  if (!since || isAvailable({ since })) return null;
  return (
    <div className={s.container}>
      <p className={s.soonNotice} data-testid="soon-notice">
        {PAGE_SOON_NOTICE}
      </p>
    </div>
  );
}

/** A list of what is included; a claim whose capability is not there yet is marked « Bientôt ». */
export function CheckList({ items, label }: { items: readonly (string | Claim)[]; label?: string }) {
  return (
    <ul className={s.checkList} aria-label={label}>
      {items.map((item) => {
        const text = typeof item === 'string' ? item : item.text;
        const soon = typeof item !== 'string' && !isAvailable(item);
        return (
          <li key={text} data-soon={soon || undefined}>
            <Icon name={soon ? 'hourglass' : 'check'} size={20} />
            <span>
              {text}
              {soon && <SoonTag />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

interface PageHeroProps {
  title: string;
  lead: string;
  bullets?: readonly string[];
  bulletsLabel?: string;
  /** Extra actions after « Ouvrir mon compte ». */
  actions?: ReactNode;
  /** Shown from 900 px; on a phone the title and the button come first. */
  visual?: ReactNode;
  picture?: Picture;
}

/** The page's single `<h1>` (focused after a client-side navigation), its lead and the sign-up button. */
export function PageHero({ title, lead, bullets, bulletsLabel, actions, visual, picture }: PageHeroProps) {
  const side =
    visual ??
    (picture ? (
      <img
        className={s.illustration}
        src={picture.src}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        loading="lazy"
        decoding="async"
      />
    ) : null);
  return (
    <section className={b.hero} aria-labelledby="titre">
      <div className={`${s.container} ${side ? b.heroGrid : ''}`}>
        <div>
          <h1 id="titre" className={b.heroTitle} tabIndex={-1}>
            {title}
          </h1>
          <p className={b.heroLead}>{lead}</p>
          {bullets && (
            <div className={b.heroBullets}>
              <CheckList items={bullets} label={bulletsLabel} />
            </div>
          )}
          <div className={s.actions}>
            <OpenAccountButton />
            {actions}
          </div>
        </div>
        {side && <div className={b.heroVisual}>{side}</div>}
      </div>
    </section>
  );
}

interface SectionProps {
  title: string;
  lead?: ReactNode;
  alt?: boolean;
  center?: boolean;
  narrow?: boolean;
  id?: string;
  children?: ReactNode;
}

/** A page section titled by an `<h2>`. */
export function Section({ title, lead, alt, center, narrow, id, children }: SectionProps) {
  const headingId = useId();
  return (
    <section id={id} className={`${s.section} ${alt ? s.sectionAlt : ''}`} aria-labelledby={headingId}>
      <div className={`${s.container} ${narrow ? s.narrow : ''}`}>
        <div className={`${s.sectionHead} ${center ? s.center : ''}`}>
          <h2 id={headingId} className={s.h2}>
            {title}
          </h2>
          {lead && <p className={s.lead}>{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export interface Feature {
  icon: IconName;
  title: string;
  text: ReactNode;
  /** Not there yet: the title is marked « Bientôt ». */
  soon?: boolean;
}

/** Cards with an icon, a title (`<h3>`) and a text. */
export function FeatureCards({ items }: { items: readonly Feature[] }) {
  return (
    <ul className={s.grid}>
      {items.map((item) => (
        <li key={item.title} className={s.card}>
          <span className={s.iconBadge}>
            <Icon name={item.icon} />
          </span>
          <h3 className={s.h3}>
            {item.title}
            {item.soon && <SoonTag />}
          </h3>
          <p className={s.muted}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Three (or so) short facts side by side. */
export function Facts({ items, label }: { items: readonly Feature[]; label: string }) {
  return (
    <ul className={b.facts} aria-label={label}>
      {items.map((item) => (
        <li key={item.title} className={b.fact}>
          <span className={s.iconBadge}>
            <Icon name={item.icon} />
          </span>
          <div>
            <p className={b.factTitle}>
              {item.title}
              {item.soon && <SoonTag />}
            </p>
            <p className={s.muted}>{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps, as an ordered list. */
export function Steps({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ol className={b.steps}>
      {items.map((item, index) => (
        <li key={item.title} className={b.step}>
          <span className={b.stepNumber} aria-hidden="true">
            {index + 1}
          </span>
          <h3 className={s.h3}>
            <span className={s.srOnly}>{`Étape ${index + 1} : `}</span>
            {item.title}
          </h3>
          <p className={s.muted}>{item.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Five stars, `rating` of them lit; read as « Note : 4 sur 5 ». */
export function Stars({ rating, size = 20 }: { rating: number; size?: number }) {
  const lit = Math.round(rating);
  return (
    <span
      className={b.stars}
      role="img"
      aria-label={fill(m.common.stars, { rating: String(rating).replace('.', ',') })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= lit ? undefined : b.starOff}>
          <Icon name="star" size={size} />
        </span>
      ))}
    </span>
  );
}

/** Customer quotes from the content module; samples carry « exemple » (sandbox only shows them). */
export function QuoteList({ quotes }: { quotes: readonly Quote[] }) {
  return (
    <ul className={b.quotes}>
      {quotes.map((quote) => (
        <li key={quote.id}>
          <figure className={b.quote}>
            {quote.rating && <Stars rating={quote.rating} size={18} />}
            <blockquote>
              <p>« {quote.text} »</p>
            </blockquote>
            <figcaption>
              <span className={b.quoteAuthor}>{quote.author}</span>, {quote.detail}
              {quote.sample && <SampleTag />}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** A paragraph under a block of sample content, in sandbox mode. */
export function SampleNotice({ show }: { show: boolean }) {
  const institution = useInstitution();
  if (!show) return null;
  return <p className={s.sampleNotice}>{fill(m.common.sampleNotice, { name: institution.name })}</p>;
}

/** The closing call to action of every page. */
export function CtaBand({
  title = m.common.cta.title,
  text = m.common.cta.text,
}: {
  title?: string;
  text?: string;
}) {
  const headingId = useId();
  if (useSignedIn()) return null;
  return (
    <section className={b.ctaSection} aria-labelledby={headingId}>
      <div className={s.container}>
        <div className={b.cta}>
          <h2 id={headingId}>{title}</h2>
          <p>{text}</p>
          <div className={`${s.actions} ${s.centerActions}`}>
            <OpenAccountButton variant="light" />
          </div>
        </div>
      </div>
    </section>
  );
}

interface SplitProps {
  title: string;
  text: ReactNode;
  points?: readonly (string | Claim)[];
  picture: Picture;
  reverse?: boolean;
  alt?: boolean;
  /** « En savoir plus » → sign-up; `moreContext` completes the link text for screen readers. */
  moreContext?: string;
  children?: ReactNode;
}

/** Text and an illustration side by side (stacked on a phone). */
export function Split({ title, text, points, picture, reverse, alt, moreContext, children }: SplitProps) {
  const headingId = useId();
  return (
    <section className={`${s.section} ${alt ? s.sectionAlt : ''}`} aria-labelledby={headingId}>
      <div className={`${s.container} ${s.split} ${reverse ? s.splitReverse : ''}`}>
        <div className={b.splitText}>
          <h2 id={headingId} className={s.h2}>
            {title}
          </h2>
          <p className={s.lead}>{text}</p>
          {points && <CheckList items={points} />}
          {children}
          {moreContext && (
            <p>
              <SiteLink to={SIGN_UP_PATH} className={`${s.btn} ${s.btnOutline}`}>
                {m.common.learnMore}
                <span className={s.srOnly}> {moreContext}</span>
                <Icon name="arrowRight" size={20} />
              </SiteLink>
            </p>
          )}
        </div>
        <img
          className={s.illustration}
          src={picture.src}
          alt={picture.alt}
          width={picture.width}
          height={picture.height}
          loading="lazy"
          decoding="async"
        />
      </div>
    </section>
  );
}
