import { m } from '../strings.ts';
import { CtaBand, FeatureCards, PageHero, Section } from '../components/blocks.tsx';
import { isAvailable } from '../content/availability.ts';
import { CLAIMS } from '../content/claims.ts';
import type { IconName } from '../components/Icon.tsx';
import { IMAGES } from '../images.ts';

const t = m.aggregation;

const ICONS: Record<(typeof CLAIMS.aggregation)[number]['since'], IconName> = {
  liveOperations: 'activity',
  rib: 'download',
  spaces: 'layers',
  statements: 'download',
  search: 'search',
  aggregation: 'building',
};
const now = CLAIMS.aggregation.filter((claim) => isAvailable(claim));
const soon = CLAIMS.aggregation.filter((claim) => !isAvailable(claim));

/**
 * /agregation: what exists today, and, honestly, what does not yet (docs/product/principles.md#no-false-claims) —
 * sorted by the capability switches, so a feature moves to « Déjà disponible » when it lands.
 */
export function AggregationPage() {
  return (
    <>
      <PageHero
        title={t.hero.title}
        lead={t.hero.lead}
        picture={{ src: IMAGES.spaces, alt: '', width: 400, height: 300 }}
      />
      {now.length > 0 && (
        <Section title={t.now.title} alt>
          <FeatureCards items={now.map((claim) => ({ icon: ICONS[claim.since], ...claim }))} />
        </Section>
      )}
      {soon.length > 0 && (
        <Section title={t.soon.title} lead={t.soon.text}>
          <FeatureCards items={soon.map((claim) => ({ icon: ICONS[claim.since], ...claim, soon: true }))} />
        </Section>
      )}
      <Section title={t.data.title} lead={t.data.text} narrow alt />
      <CtaBand />
    </>
  );
}
