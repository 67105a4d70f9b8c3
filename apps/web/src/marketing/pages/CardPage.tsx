import { content, shown } from '../content.ts';
import { isAvailable } from '../content/availability.ts';
import { CLAIMS } from '../content/claims.ts';
import { SIGN_UP_PATH } from '../routes.ts';
import { m } from '../strings.ts';
import { useInstitution } from '../site-context.tsx';
import {
  CtaBand,
  Facts,
  FeatureCards,
  PageHero,
  QuoteList,
  SampleNotice,
  Section,
  SoonNotice,
} from '../components/blocks.tsx';
import { Icon } from '../components/Icon.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import b from '../components/blocks.module.css';
import s from '../site.module.css';
import { IMAGES } from '../images.ts';

const t = m.card;

/** /cartedigital: hero, three facts, customer banner, benefits, four features, five quotes (docs/product/marketing-site.md). */
export function CardPage() {
  const { sandbox } = useInstitution();
  const quotes = shown(content.cardQuotes, sandbox).slice(0, 5);
  const [fact1, fact2, fact3] = t.facts;
  return (
    <>
      <PageHero
        title={t.hero.title}
        lead={t.hero.lead}
        picture={{ src: IMAGES.card, alt: '', width: 400, height: 300 }}
      />
      <SoonNotice page="cartedigital" />

      <section className={`${s.section} ${s.sectionAlt}`} aria-label={m.pages.cartedigital}>
        <div className={s.container}>
          <Facts
            label={m.pages.cartedigital}
            items={[
              { icon: 'bolt', title: fact1?.title ?? '', text: fact1?.text ?? '' },
              { icon: 'wallet', title: fact2?.title ?? '', text: fact2?.text ?? '' },
              { icon: 'sliders', title: fact3?.title ?? '', text: fact3?.text ?? '' },
            ]}
          />
        </div>
      </section>

      <section className={s.section} aria-labelledby="carte-bandeau">
        <div className={s.container}>
          <div className={b.cta}>
            <h2 id="carte-bandeau">{t.banner.title}</h2>
            <p>{t.banner.text}</p>
            <div className={`${s.actions} ${s.centerActions}`}>
              <SiteLink to={SIGN_UP_PATH} className={`${s.btn} ${s.btnLight}`}>
                {m.common.becomeClient}
                <Icon name="arrowRight" size={20} />
              </SiteLink>
            </div>
          </div>
        </div>
      </section>

      <Section title={t.benefits.title} alt>
        <ul className={s.grid2}>
          {[
            { icon: 'card' as const, ...t.benefits.digital },
            { icon: 'sliders' as const, ...t.benefits.limits },
          ].map((item) => (
            <li key={item.title} className={s.card}>
              <span className={s.iconBadge}>
                <Icon name={item.icon} />
              </span>
              <h3 className={s.h3}>{item.title}</h3>
              <p className={s.muted}>{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t.features.title}>
        <FeatureCards
          items={CLAIMS.cardFeatures.map((claim, index) => ({
            icon: (['shieldCheck', 'activity', 'bell', 'lock'] as const)[index] ?? 'check',
            ...claim,
            soon: !isAvailable(claim),
          }))}
        />
        <p className={`${s.muted} ${s.sampleNotice}`}>{t.pci}</p>
      </Section>

      {quotes.length > 0 && (
        <Section title={t.quotes.title} alt>
          <QuoteList quotes={quotes} />
          <SampleNotice show={quotes.some((q) => q.sample)} />
        </Section>
      )}

      <CtaBand />
    </>
  );
}
