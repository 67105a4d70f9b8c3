import { ARTICLES } from '../content/blog.ts';
import { fill, m } from '../strings.ts';
import { institutionValues, useInstitution } from '../site-context.tsx';
import { CtaBand, PageHero, Section } from '../components/blocks.tsx';
import { Icon } from '../components/Icon.tsx';
import p from './pages.module.css';
import s from '../site.module.css';

const t = m.blog;

/** /blog: the articles, each readable in full on the page (and linkable by its anchor). */
export function BlogPage() {
  const values = institutionValues(useInstitution());
  return (
    <>
      <PageHero title={t.hero.title} lead={t.hero.lead} />
      <Section title={t.listTitle} alt>
        <ul className={s.grid}>
          {ARTICLES.map((article) => (
            <li key={article.id} className={s.card}>
              <p className={p.kicker}>
                <Icon name="clock" size={16} /> {fill(t.readingTime, { minutes: article.minutes })}
              </p>
              <h3 className={s.h3}>{article.title}</h3>
              <p className={s.muted}>{fill(article.summary, values)}</p>
              <p>
                <a className={s.textLink} href={`#${article.id}`}>
                  {t.read}
                  <span className={s.srOnly}> : {article.title}</span>
                  <Icon name="arrowRight" size={18} />
                </a>
              </p>
            </li>
          ))}
        </ul>
      </Section>
      {ARTICLES.map((article) => (
        <article
          key={article.id}
          id={article.id}
          className={`${s.section} ${p.article}`}
          aria-labelledby={`${article.id}-titre`}
        >
          <div className={`${s.container} ${s.narrow}`}>
            <p className={p.kicker}>{fill(t.readingTime, { minutes: article.minutes })}</p>
            <h2 id={`${article.id}-titre`} className={s.h2}>
              {article.title}
            </h2>
            <div className={`${s.prose} ${p.articleBody}`}>
              {article.body.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{fill(paragraph, values)}</p>
              ))}
            </div>
          </div>
        </article>
      ))}
      <CtaBand />
    </>
  );
}
