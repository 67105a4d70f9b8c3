import { fill, m } from '../strings.ts';
import { CLAIMS } from '../content/claims.ts';
import { institutionValues, useInstitution } from '../site-context.tsx';
import { CheckList, CtaBand, FeatureCards, PageHero, Section } from '../components/blocks.tsx';
import s from '../site.module.css';
import { IMAGES } from '../images.ts';

const t = m.account;

/** /compteshome: the main account. The deposit guarantee is claimed only when the profile configures one. */
export function AccountPage() {
  const institution = useInstitution();
  const values = institutionValues(institution);
  const guarantee = institution.depositGuarantee
    ? fill(t.guarantee.configured, { guarantee: institution.depositGuarantee })
    : institution.sandbox
      ? fill(t.guarantee.none, values)
      : null;
  return (
    <>
      <PageHero
        title={t.hero.title}
        lead={t.hero.lead}
        picture={{ src: IMAGES.appScreen, alt: '', width: 400, height: 300 }}
      />
      <Section title={t.included.title} alt>
        <div className={s.card}>
          <CheckList items={CLAIMS.account} />
        </div>
      </Section>
      <Section title={t.funds.title} lead={t.funds.text}>
        <FeatureCards
          items={[
            { icon: 'eye', ...t.balance },
            { icon: 'user', ...t.types },
            ...(guarantee
              ? [{ icon: 'shieldCheck' as const, title: t.guarantee.title, text: guarantee }]
              : []),
          ]}
        />
      </Section>
      <CtaBand />
    </>
  );
}
