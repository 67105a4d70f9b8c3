import { describe, expect, it } from 'vitest';
import common from './fr.json';
import marketing from './fr/marketing.json';
import onboarding from './fr/onboarding.json';
import backoffice from './fr/backoffice.json';
import beneficiaries from './fr/beneficiaries.json';
import transfers from './fr/transfers.json';
import sca from './fr/sca.json';
import cards from './fr/cards.json';
import messages from './fr/messages.json';
import documentRequests from './fr/document-requests.json';
import spaces from './fr/spaces.json';
import statements from './fr/statements.json';
import notifications from './fr/notifications.json';
import profile from './fr/profile.json';
import installableApp from './fr/installable-app.json';
import operations from './fr/operations.json';
import directDebits from './fr/direct-debits.json';
import backofficeDirectDebits from './fr/backoffice-direct-debits.json';
import backofficeScreening from './fr/backoffice-screening.json';
import backofficeMonitoring from './fr/backoffice-monitoring.json';
import backofficeHeldCredits from './fr/backoffice-held-credits.json';
import heldCredits from './fr/held-credits.json';
import fraudReports from './fr/fraud-reports.json';
import backofficeFraudReports from './fr/backoffice-fraud-reports.json';
import cardAuthentications from './fr/card-authentications.json';
import push from './fr/push.json';
import testShop from './fr/test-shop.json';
import psd2 from './fr/psd2.json';
import backofficePsd2 from './fr/backoffice-psd2.json';
import { content } from '../marketing/content.ts';
import { ARTICLES } from '../marketing/content/blog.ts';
import { CONDITIONS } from '../marketing/content/conditions.ts';
import { FAQ } from '../marketing/content/faq.ts';

/**
 * Not copy: date-fns patterns, which quote their literal text with straight quotes (« 'à' HH'h'mm »),
 * and image URLs.
 */
const NOT_COPY = /(Format|FormatWithYear|Url)$/;

/** Every string of a JSON-like value, with where it is. */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
  }
  return [];
}

const COPY = {
  'fr.json': common,
  'fr/marketing.json': marketing,
  'fr/onboarding.json': onboarding,
  'fr/backoffice.json': backoffice,
  'fr/beneficiaries.json': beneficiaries,
  'fr/transfers.json': transfers,
  'fr/sca.json': sca,
  'fr/cards.json': cards,
  'fr/messages.json': messages,
  'fr/document-requests.json': documentRequests,
  'fr/spaces.json': spaces,
  'fr/statements.json': statements,
  'fr/notifications.json': notifications,
  'fr/profile.json': profile,
  'fr/installable-app.json': installableApp,
  'fr/operations.json': operations,
  'fr/direct-debits.json': directDebits,
  'fr/backoffice-direct-debits.json': backofficeDirectDebits,
  'fr/backoffice-screening.json': backofficeScreening,
  'fr/backoffice-monitoring.json': backofficeMonitoring,
  'fr/backoffice-held-credits.json': backofficeHeldCredits,
  'fr/held-credits.json': heldCredits,
  'fr/fraud-reports.json': fraudReports,
  'fr/backoffice-fraud-reports.json': backofficeFraudReports,
  'fr/card-authentications.json': cardAuthentications,
  'fr/push.json': push,
  'fr/test-shop.json': testShop,
  'fr/psd2.json': psd2,
  'fr/backoffice-psd2.json': backofficePsd2,
  'marketing/content.ts': content,
  'content/blog.ts': ARTICLES,
  'content/conditions.ts': CONDITIONS,
  'content/faq.ts': FAQ,
};

describe('French copy', () => {
  it('uses the typographic apostrophe ’, never a straight one', () => {
    const offenders = Object.entries(COPY)
      .flatMap(([file, value]) => strings(value, file))
      .filter(([path, text]) => !NOT_COPY.test(path) && text.includes("'"));
    expect(offenders).toEqual([]);
  });

  it('finds copy to check (the walk reaches the strings)', () => {
    const all = Object.entries(COPY).flatMap(([file, value]) => strings(value, file));
    expect(all.length).toBeGreaterThan(500);
    expect(all.some(([, text]) => text.includes('’'))).toBe(true);
  });
});
