import { isAvailable } from '../content/availability.ts';
import { FAQ, type FaqItem } from '../content/faq.ts';
import { fill, m } from '../strings.ts';
import { institutionValues, useInstitution } from '../site-context.tsx';
import { CtaBand, PageHero, SoonTag } from '../components/blocks.tsx';
import { Icon } from '../components/Icon.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import { pathOf } from '../routes.ts';
import p from './pages.module.css';
import s from '../site.module.css';

const t = m.faq;

/** The answer true today: until its capability exists, an item gives its `soon` answer. */
const answerOf = (item: FaqItem): { text: string; soon: boolean } =>
  'since' in item && !isAvailable(item) ? { text: item.soon, soon: true } : { text: item.a, soon: false };

/** /faq: opening, documents, delays, card, transfers, security, fees, closing (docs/product/marketing-site.md). */
export function FaqPage() {
  const values = institutionValues(useInstitution());
  return (
    <>
      <PageHero title={t.hero.title} lead={t.hero.lead} />
      <div className={`${s.section} ${s.sectionAlt}`}>
        <div className={`${s.container} ${p.withToc}`}>
          <nav className={p.toc} aria-labelledby="faq-sommaire">
            <h2 id="faq-sommaire" className={p.tocTitle}>
              {t.contents}
            </h2>
            <ul>
              {FAQ.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div className={p.faqSections}>
            {FAQ.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-titre`}
                className={p.faqSection}
              >
                <h2 id={`${section.id}-titre`} className={s.h3}>
                  {section.title}
                </h2>
                {section.items.map((item) => {
                  const answer = answerOf(item);
                  return (
                    <details key={item.q} className={p.question}>
                      <summary>
                        <span>
                          {fill(item.q, values)}
                          {answer.soon && <SoonTag />}
                        </span>
                        <Icon name="chevronDown" size={20} />
                      </summary>
                      <p>{fill(answer.text, values)}</p>
                    </details>
                  );
                })}
              </section>
            ))}
            <div className={s.card}>
              <h2 className={s.h3}>{t.more.title}</h2>
              <p className={s.muted}>{t.more.text}</p>
              <p>
                <SiteLink to={pathOf('contact')} className={`${s.btn} ${s.btnOutline}`}>
                  {t.more.cta}
                </SiteLink>
              </p>
            </div>
          </div>
        </div>
      </div>
      <CtaBand />
    </>
  );
}
