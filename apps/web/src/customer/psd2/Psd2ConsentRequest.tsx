import { useState } from 'react';
import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import { type Psd2Authorisation } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { Psd2ScaSummary } from './Psd2ScaSummary.tsx';
import { Psd2Terms, useAccountScopesText } from './Psd2Terms.tsx';
import { sortedAccountIds } from './psd2-view.ts';
import { RequestDecision, type Decide } from './Psd2RequestDecision.tsx';

/** An access to the accounts (account information): what may be read, and on which accounts. */
export function ConsentRequest({
  authorisation,
  consent,
  decide,
}: {
  authorisation: Psd2Authorisation;
  consent: NonNullable<Psd2Authorisation['consent']>;
  decide: Decide;
}) {
  const { t } = useTranslation();
  const accountScopes = useAccountScopesText();
  const { tpp, accounts } = authorisation;
  const fixed = accounts.some((a) => a.requested);
  const [chosen, setChosen] = useState<string[]>(() =>
    fixed
      ? accounts.filter((a) => a.requested).map((a) => a.id)
      : accounts.length === 1
        ? accounts.map((a) => a.id)
        : [],
  );
  const [missingChoice, setMissingChoice] = useState(false);

  const approve = () => {
    if (chosen.length === 0) {
      setMissingChoice(true);
      return;
    }
    const accountIds = sortedAccountIds(chosen);
    void decide.approve(
      {
        action: 'psd2_consent',
        details: {
          authorisationId: authorisation.id,
          accountIds,
          validUntil: consent.validUntil,
          frequencyPerDay: consent.frequencyPerDay,
        },
        title: t('psd2.sca.title'),
        summary: (
          <Psd2ScaSummary
            authorisation={authorisation}
            consent={consent}
            accounts={accounts.filter((a) => accountIds.includes(a.id))}
          />
        ),
      },
      accountIds,
    );
  };

  return (
    <>
      <Text size="sm">{t('psd2.authorisation.intro', { tpp: tpp.name })}</Text>
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-light)">
        <Psd2Terms terms={consent} />
      </Paper>
      {accounts.length === 0 ? (
        <Text size="sm">{t('psd2.authorisation.noAccount')}</Text>
      ) : (
        <Checkbox.Group
          label={t('psd2.authorisation.accountsLegend')}
          description={t(
            fixed ? 'psd2.authorisation.accountsRequested' : 'psd2.authorisation.accountsChoose',
            { tpp: tpp.name },
          )}
          value={chosen}
          onChange={(value) => {
            // Asked for by the TPP: part of the request, never left out.
            const requested = accounts.filter((a) => a.requested).map((a) => a.id);
            setChosen([...new Set([...requested, ...value])]);
            setMissingChoice(false);
          }}
          error={missingChoice ? t('psd2.authorisation.accountsRequired') : undefined}
          styles={{ label: { fontWeight: 600 } }}
        >
          <Stack gap="sm" mt="xs" data-testid="psd2-accounts">
            {accounts.map((account) => (
              <Checkbox
                key={account.id}
                value={account.id}
                disabled={account.requested}
                label={account.name}
                description={`${formatIban(account.iban)}${accountScopes(account.scopes, consent.scopes)}`}
                data-testid="psd2-account"
                styles={
                  // Fixed, yet as readable as the others: it is part of what is agreed.
                  account.requested
                    ? {
                        label: { color: 'var(--mantine-color-text)' },
                        description: { color: 'var(--mantine-color-dark-6)' },
                      }
                    : undefined
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <RequestDecision
        authorisation={authorisation}
        decide={decide}
        onApprove={approve}
        approveDisabled={accounts.length === 0}
      />
    </>
  );
}
