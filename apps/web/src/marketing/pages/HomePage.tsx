import { content, formatCount, formatRating, isShown, withServiceCardDefaults } from '../content.ts';
import { isAvailable } from '../content/availability.ts';
import { CLAIMS } from '../content/claims.ts';
import { SIGN_IN_PATH, SIGN_UP_PATH } from '../routes.ts';
import { fill, m } from '../strings.ts';
import { institutionValues, useInstitution } from '../site-context.tsx';
import {
  Facts,
  FeatureCards,
  OpenAccountButton,
  PageHero,
  SampleNotice,
  SampleTag,
  Section,
  SoonTag,
  Split,
  Stars,
  Steps,
  type Feature,
} from '../components/blocks.tsx';
import { Icon } from '../components/Icon.tsx';
import { SiteLink } from '../components/SiteLink.tsx';
import home from './home.module.css';
import s from '../site.module.css';
import { IMAGES } from '../images.ts';

const t = m.home;
const BENEFIT_ICONS = ['mobile', 'activity', 'shieldLock'] as const;

/** The home page (docs/product/marketing-site.md#pages), sections in their order. */
export function HomePage() {
  const institution = useInstitution();
  const values = institutionValues(institution);
  const { sandbox } = institution;
  const { customers, rating } = content;
  const showCustomers = isShown(customers, sandbox);
  const showRating = isShown(rating, sandbox);

  const facts: Feature[] = [
    { icon: 'building', title: t.facts.company.title, text: fill(t.facts.company.text, values) },
    { icon: 'card', ...CLAIMS.home.card, soon: !isAvailable(CLAIMS.home.card) },
  ];
  if (showCustomers) {
    facts.push({
      icon: 'users',
      title: fill(t.facts.customers.title, { count: formatCount(customers.count) }),
      text: (
        <>
          {fill(t.facts.customers.text, values)}
          {customers.sample && <SampleTag />}
        </>
      ),
    });
  }

  return (
    <>
      <PageHero
        title={t.hero.title}
        lead={t.hero.lead}
        bullets={t.hero.bullets}
        bulletsLabel={t.hero.bulletsLabel}
        actions={
          <SiteLink to={SIGN_IN_PATH} className={`${s.btn} ${s.btnOutline}`}>
            {t.hero.signIn}
          </SiteLink>
        }
        visual={<CardVisual name={institution.name} />}
      />

      <section className={`${s.section} ${s.sectionAlt}`} aria-label={fill(t.facts.title, values)}>
        <div className={s.container}>
          <Facts items={facts} label={fill(t.facts.title, values)} />
        </div>
      </section>

      {showRating && (
        <Section title={t.reviews.title} center>
          <div className={home.reviews}>
            <Stars rating={rating.value} size={32} />
            <p className={home.rating}>
              {fill(t.reviews.text, {
                rating: formatRating(rating.value),
                count: formatCount(rating.reviews),
              })}
              {rating.sample && <SampleTag />}
            </p>
            <SiteLink to={SIGN_UP_PATH} className={`${s.btn} ${s.btnPrimary}`}>
              {t.reviews.cta}
            </SiteLink>
            <SampleNotice show={rating.sample} />
          </div>
        </Section>
      )}

      <Section title={t.benefits.title} alt={showRating}>
        <FeatureCards
          items={CLAIMS.home.benefits.map((claim, index) => ({
            icon: BENEFIT_ICONS[index] ?? 'check',
            ...claim,
            soon: !isAvailable(claim),
          }))}
        />
      </Section>

      <Split
        title={t.account.title}
        text={t.account.text}
        points={CLAIMS.home.account}
        moreContext={t.account.more}
        picture={{ src: IMAGES.appScreen, alt: t.account.imageAlt, width: 400, height: 300 }}
      />
      <Split
        title={t.payments.title}
        text={t.payments.text}
        points={CLAIMS.home.payments}
        moreContext={t.payments.more}
        picture={{ src: IMAGES.transfer, alt: t.payments.imageAlt, width: 400, height: 300 }}
        reverse
        alt
      />
      <Split
        title={t.subAccounts.title}
        text={t.subAccounts.text}
        points={CLAIMS.home.subAccounts}
        picture={{ src: IMAGES.spaces, alt: t.subAccounts.imageAlt, width: 400, height: 300 }}
      />

      <section className={`${s.section} ${s.sectionDark}`} aria-labelledby="sans-placement">
        <div className={s.container}>
          <div className={home.noInvest} data-testid="no-invest">
            <div className={home.noInvestText}>
              <span className={home.noInvestIcon}>
                <Icon name="pig" size={32} />
              </span>
              <h2 id="sans-placement" className={s.h2}>
                {t.noInvest.title}
              </h2>
              <p className={s.lead}>{t.noInvest.text}</p>
            </div>
            <p className={home.promise}>{t.noInvest.promise}</p>
          </div>
        </div>
      </section>

      <Section title={t.service.title} lead={t.service.lead}>
        <ul className={s.grid}>
          {content.serviceCards.map((raw, index) => {
            const card = withServiceCardDefaults(raw);
            return (
              <li key={index} className={`${s.card} ${s.cardMedia}`}>
                <img src={card.imageUrl} alt="" width={320} height={200} loading="lazy" decoding="async" />
                <div>
                  <h3 className={s.h3}>
                    {card.title}
                    {raw.since && !isAvailable({ since: raw.since }) && <SoonTag />}
                  </h3>
                  <p className={s.muted}>{card.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section title={t.steps.title} alt>
        <Steps items={t.steps.items} />
        <div className={`${s.actions} ${s.centerActions}`}>
          <OpenAccountButton />
        </div>
      </Section>
    </>
  );
}

function CardVisual({ name }: { name: string }) {
  const v = t.cardVisual;
  return (
    <div className={home.cardVisual} aria-hidden="true">
      <div className={home.cardTop}>
        <span className={home.cardBrand}>{name}</span>
        <span className={home.cardKind}>
          {v.kind}
          <br />
          {m.common.sample}
        </span>
      </div>
      <div className={home.chip} />
      <div className={home.cardNumber}>{v.number}</div>
      <div className={home.cardBottom}>
        <span>{v.holder}</span>
        <span>{v.expiry}</span>
      </div>
    </div>
  );
}
