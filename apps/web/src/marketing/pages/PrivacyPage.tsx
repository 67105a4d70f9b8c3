import { CONDITIONS } from '../content/conditions.ts';
import { fill, m } from '../strings.ts';
import { institutionValues, useInstitution } from '../site-context.tsx';
import { CtaBand, PageHero } from '../components/blocks.tsx';
import p from './pages.module.css';
import s from '../site.module.css';

const t = m.privacy;

/**
 * /politiques-de-confidentialite: the seven sections of the conditions of use (docs/product/marketing-site.md). Nothing in
 * them makes funds depend on a payment (docs/product/principles.md#the-customers-money-is-the-customers).
 */
export function PrivacyPage() {
  const institution = useInstitution();
  const values = institutionValues(institution);
  return (
    <>
      <PageHero title={t.hero.title} lead={fill(t.hero.lead, values)} />
      <div className={`${s.section} ${s.sectionAlt}`}>
        <div className={`${s.container} ${p.withToc}`}>
          <nav className={p.toc} aria-labelledby="cgu-sommaire">
            <h2 id="cgu-sommaire" className={p.tocTitle}>
              {t.contents}
            </h2>
            <ol>
              {CONDITIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, '')}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className={p.legalText}>
            {institution.sandbox && <p className={p.notice}>{fill(t.sandbox, values)}</p>}
            {CONDITIONS.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titre`}>
                <h2 id={`${section.id}-titre`} className={s.h3}>
                  {section.title}
                </h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 40)}>{fill(paragraph, values)}</p>
                ))}
              </section>
            ))}
          </div>
        </div>
      </div>
      <CtaBand />
    </>
  );
}
