import { SimpleGrid, Text } from '@mantine/core';
import type { Psd2Authorisation } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { capitalised, longDay, scopesPhrase } from './psd2-view.ts';

type Terms = Pick<Psd2Authorisation['consent'], 'scopes' | 'recurring' | 'validUntil' | 'frequencyPerDay'>;

/** « jusqu’à 4 consultations par jour sans vous », or « une seule consultation ». */
export function useFrequencyText(): (terms: Pick<Terms, 'recurring' | 'frequencyPerDay'>) => string {
  const { t } = useTranslation();
  return (terms) =>
    terms.recurring ? t('psd2.terms.frequencyValue', { count: terms.frequencyPerDay }) : t('psd2.terms.once');
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
  accounts?: readonly { id: string; iban: string; name: string }[];
}) {
  const { t } = useTranslation();
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
              </Text>
            ))}
          </div>
        </>
      )}
    </SimpleGrid>
  );
}
