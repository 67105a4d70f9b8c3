import { SimpleGrid, Text } from '@mantine/core';
import type { ConsentScope, Psd2Authorisation } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { capitalised, longDay, ownScopes, scopesPhrase } from './psd2-view.ts';

type Terms = Pick<
  NonNullable<Psd2Authorisation['consent']>,
  'scopes' | 'recurring' | 'validUntil' | 'frequencyPerDay'
>;

/** « jusqu’à 4 consultations par jour sans vous », or « une seule consultation ». */
export function useFrequencyText(): (terms: Pick<Terms, 'recurring' | 'frequencyPerDay'>) => string {
  const { t } = useTranslation();
  return (terms) =>
    terms.recurring ? t('psd2.terms.frequencyValue', { count: terms.frequencyPerDay }) : t('psd2.terms.once');
}

/**
 * « — ses informations et son solde » after an account, when the TPP asked less on it than the
 * consent's whole; nothing otherwise.
 */
export function useAccountScopesText(): (
  account: readonly ConsentScope[],
  consent: readonly ConsentScope[],
) => string {
  const { t } = useTranslation();
  return (account, consent) => {
    const own = ownScopes(account, consent);
    return own ? ` — ${scopesPhrase(own, (scope) => t(`psd2.accountScopes.${scope}`))}` : '';
  };
}

/** « La liste de vos comptes et leurs informations, leurs soldes et l’historique de leurs opérations ». */
export function useScopesText(): (scopes: Terms['scopes']) => string {
  const { t } = useTranslation();
  return (scopes) => scopesPhrase(scopes, (scope) => t(`psd2.scopes.${scope}`));
}

/**
 * What the customer agrees to, line by line: what may be read, until when, how often without them,
 * and, when given, on which accounts. The same lines on the page and in the strong authentication.
 */
export function Psd2Terms({
  terms,
  accounts,
}: {
  terms: Terms;
  accounts?: readonly { id: string; iban: string; name: string; scopes: readonly ConsentScope[] }[];
}) {
  const { t } = useTranslation();
  const accountScopes = useAccountScopesText();
  const frequency = useFrequencyText();
  const scopes = useScopesText();
  return (
    <SimpleGrid
      cols={2}
      spacing="sm"
      verticalSpacing={6}
      style={{ gridTemplateColumns: 'auto 1fr' }}
      data-testid="psd2-terms"
    >
      <Text size="sm" c="dimmed">
        {t('psd2.terms.what')}
      </Text>
      <Text size="sm" data-testid="psd2-terms-scopes">
        {capitalised(scopes(terms.scopes))}
      </Text>
      <Text size="sm" c="dimmed">
        {t('psd2.terms.until')}
      </Text>
      <Text size="sm" data-testid="psd2-terms-until">
        {t('psd2.terms.untilValue', { date: longDay(terms.validUntil) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('psd2.terms.frequency')}
      </Text>
      <Text size="sm" data-testid="psd2-terms-frequency">
        {frequency(terms)}
      </Text>
      {accounts && (
        <>
          <Text size="sm" c="dimmed">
            {t('psd2.terms.accounts')}
          </Text>
          <div data-testid="psd2-terms-accounts">
            {accounts.map((account) => (
              <Text key={account.id} size="sm">
                {account.name} · <span style={{ whiteSpace: 'nowrap' }}>{formatIban(account.iban)}</span>
                {accountScopes(account.scopes, terms.scopes)}
              </Text>
            ))}
          </div>
        </>
      )}
    </SimpleGrid>
  );
}
