import { m } from '../strings.ts';
import { isAvailable } from '../content/availability.ts';
import { CLAIMS } from '../content/claims.ts';
import { CtaBand, FeatureCards, PageHero, Section, Steps, SoonNotice } from '../components/blocks.tsx';
import type { IconName } from '../components/Icon.tsx';
import { IMAGES } from '../images.ts';

const t = m.debits;

/** One icon per card of « Vous gardez la main », in the order of `CLAIMS.debits`. */
const DEBIT_ICONS: readonly IconName[] = ['calendar', 'close', 'lock', 'sliders', 'shieldCheck', 'coins'];

/**
 * /prelevements: SEPA direct debits — how they work, what the customer controls in the app, their
 * rights (docs/product/marketing-site.md).
 */
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
      <Section title={t.control.title} lead={t.control.lead}>
        <FeatureCards
          items={CLAIMS.debits.map((claim, index) => ({
            icon: DEBIT_ICONS[index] ?? 'check',
            ...claim,
            soon: !isAvailable(claim),
          }))}
        />
      </Section>
      <Section title={t.rights.title} lead={t.rights.text} alt narrow>
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
