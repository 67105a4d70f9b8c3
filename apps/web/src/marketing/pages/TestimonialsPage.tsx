import { content, shown } from '../content.ts';
import { fill, m } from '../strings.ts';
import { useInstitution } from '../site-context.tsx';
import { CtaBand, PageHero, QuoteList, SampleNotice, SampleTag, Section } from '../components/blocks.tsx';
import b from '../components/blocks.module.css';
import s from '../site.module.css';

const t = m.testimonials;

/** /temoignagesclient: figures and quotes, all from the content module. */
export function TestimonialsPage() {
  const institution = useInstitution();
  const figures = shown(content.figures, institution.sandbox);
  const quotes = shown(content.testimonials, institution.sandbox);
  const samples = figures.some((f) => f.sample) || quotes.some((q) => q.sample);
  return (
    <>
      <PageHero title={t.hero.title} lead={t.hero.lead} />
      {figures.length > 0 && (
        <Section title={fill(t.figuresTitle, { name: institution.name })} alt>
          <ul className={b.figures}>
            {figures.map((figure) => (
              <li key={figure.id} className={b.figure}>
                <span className={b.figureValue}>{figure.value}</span>
                <span className={s.muted}>
                  {figure.label}
                  {figure.sample && <SampleTag />}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={t.quotesTitle}>
        {quotes.length > 0 ? <QuoteList quotes={quotes} /> : <p className={s.muted}>{t.empty}</p>}
        <SampleNotice show={samples} />
      </Section>
      <CtaBand />
    </>
  );
}
