import { content } from '../content.ts';
import { CLAIMS } from '../content/claims.ts';
import { m } from '../strings.ts';
import {
  CheckList,
  CtaBand,
  FeatureCards,
  OpenAccountButton,
  PageHero,
  Section,
} from '../components/blocks.tsx';
import o from './offer.module.css';
import s from '../site.module.css';

const t = m.offer;

/** « 0 € » — whole euros print without decimals. */
const euros = (cents: number): string =>
  cents % 100 === 0
    ? `${cents / 100} €`
    : `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')} €`;

/** /offre: the offer from the content module, the commitments, who can open an account. */
export function OfferPage() {
  const { offer } = content;
  return (
    <>
      <PageHero title={t.hero.title} lead={t.hero.lead} />
      <section className={`${s.section} ${s.sectionAlt}`} aria-labelledby="offre-formule">
        <div className={s.container}>
          <div className={o.plan}>
            <h2 id="offre-formule" className={s.h2}>
              {offer.name}
            </h2>
            <p className={o.price}>
              <span className={o.from}>{t.plan.from}</span>{' '}
              <span className={o.amount}>{euros(offer.monthlyPriceCents)}</span>
              <span className={o.per}>{t.plan.per}</span>
            </p>
            <CheckList items={CLAIMS.offer} />
            <div className={s.actions}>
              <OpenAccountButton />
            </div>
          </div>
        </div>
      </section>
      <Section title={t.commitments.title}>
        <FeatureCards
          items={t.commitments.items.map((item, index) => ({
            icon: (['hourglass', 'coins', 'eye'] as const)[index] ?? 'check',
            ...item,
          }))}
        />
      </Section>
      <Section title={t.who.title} lead={t.who.text} alt narrow />
      <CtaBand />
    </>
  );
}
