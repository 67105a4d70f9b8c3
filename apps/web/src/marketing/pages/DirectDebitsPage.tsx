import { m } from '../strings.ts';
import { CLAIMS, isAvailable } from '../content/claims.ts';
import { CtaBand, FeatureCards, PageHero, Section, Steps, SoonNotice } from '../components/blocks.tsx';
import { IMAGES } from '../images.ts';

const t = m.debits;

/** /prelevements: SEPA direct IMAGES.debit (docs/product/marketing-site.md). */
export function DirectDebitsPage() {
  return (
    <>
      <PageHero
        title={t.hero.title}
        lead={t.hero.lead}
        picture={{ src: IMAGES.debit, alt: '', width: 400, height: 300 }}
      />
      <SoonNotice page="prelevements" />
      <Section title={t.how.title} alt>
        <Steps items={t.how.items} />
      </Section>
      <Section title={t.rights.title} lead={t.rights.text} narrow>
        <FeatureCards
          items={[
            { icon: 'wallet', ...t.balance },
            { icon: 'search', ...CLAIMS.debitsSearch, soon: !isAvailable(CLAIMS.debitsSearch) },
          ]}
        />
      </Section>
      <CtaBand />
    </>
  );
}
