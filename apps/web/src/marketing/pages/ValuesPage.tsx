import { fill, m } from '../strings.ts';
import { institutionValues, useInstitution } from '../site-context.tsx';
import { CtaBand, FeatureCards, PageHero, Section } from '../components/blocks.tsx';

const t = m.values;

/** /valeurs: transparence, équité, humain, responsabilité, innovation (docs/product/marketing-site.md). */
export function ValuesPage() {
  const values = institutionValues(useInstitution());
  return (
    <>
      <PageHero title={t.hero.title} lead={t.hero.lead} />
      <Section title={t.listTitle} alt>
        <FeatureCards
          items={t.items.map((item, index) => ({
            icon: (['eye', 'scale', 'heart', 'leaf', 'sparkles'] as const)[index] ?? 'check',
            ...item,
          }))}
        />
      </Section>
      <Section title={t.openSource.title} lead={fill(t.openSource.text, values)} narrow />
      <CtaBand />
    </>
  );
}
