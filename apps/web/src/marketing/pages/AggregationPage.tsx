import { m } from '../strings.ts';
import { CtaBand, FeatureCards, PageHero, Section } from '../components/blocks.tsx';
import { IMAGES } from '../images.ts';

const t = m.aggregation;

/** /agregation: what exists today, and, honestly, what does not yet (SPEC §0.3: no false claims). */
export function AggregationPage() {
  return (
    <>
      <PageHero
        title={t.hero.title}
        lead={t.hero.lead}
        picture={{ src: IMAGES.spaces, alt: '', width: 400, height: 300 }}
      />
      <Section title={t.now.title} alt>
        <FeatureCards
          items={t.now.items.map((item, index) => ({
            icon: (['layers', 'download', 'search'] as const)[index] ?? 'check',
            ...item,
          }))}
        />
      </Section>
      <Section title={t.soon.title} lead={t.soon.text} narrow />
      <Section title={t.data.title} lead={t.data.text} narrow alt />
      <CtaBand />
    </>
  );
}
