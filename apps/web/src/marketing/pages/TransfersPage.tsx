import { fill, m } from '../strings.ts';
import { institutionValues, useInstitution } from '../site-context.tsx';
import { CtaBand, FeatureCards, PageHero, Section, Split, Steps, SoonNotice } from '../components/blocks.tsx';
import { IMAGES } from '../images.ts';

const t = m.transfers;

/** /virements: one-off and scheduled transfers, SEPA, sub-accounts (docs/product/marketing-site.md). */
export function TransfersPage() {
  const values = institutionValues(useInstitution());
  return (
    <>
      <PageHero
        title={t.hero.title}
        lead={t.hero.lead}
        picture={{ src: IMAGES.transfer, alt: '', width: 400, height: 300 }}
      />
      <SoonNotice page="virements" />
      <Section title={t.kinds.title} alt>
        <FeatureCards
          items={[
            { icon: 'bolt', title: t.kinds.instant.title, text: fill(t.kinds.instant.text, values) },
            { icon: 'send', ...t.kinds.oneOff },
            { icon: 'calendar', ...t.kinds.scheduled },
          ]}
        />
      </Section>
      <Section title={t.sepa.title} lead={t.sepa.text}>
        <FeatureCards
          items={[
            { icon: 'userCheck', ...t.payee },
            { icon: 'shieldLock', ...t.security },
          ]}
        />
      </Section>
      <Split
        title={t.subAccounts.title}
        text={t.subAccounts.text}
        picture={{ src: IMAGES.spaces, alt: '', width: 400, height: 300 }}
        alt
      />
      <Section title={t.steps.title}>
        <Steps items={t.steps.items} />
      </Section>
      <CtaBand />
    </>
  );
}
