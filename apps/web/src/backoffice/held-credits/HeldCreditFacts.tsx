import { SimpleGrid, Text } from '@mantine/core';
import type { HeldCredit } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { Fact } from '../screening/Fact.tsx';
import { NoteText } from '../screening/NoteText.tsx';
import { heldOperatorName } from './held-credit-text.ts';

/**
 * What a held credit is: its originator (name and IBAN), reference and operation number, and when
 * and by whom it was held — an operator, or the rule for customers under monitoring — with the note.
 */
export function HeldCreditFacts({ credit: h }: { credit: HeldCredit }) {
  const { t } = useTranslation();
  const date = formatDateTime(h.heldAt, t('backoffice.panel.dateFormat'));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
      <Fact label={t('backofficeHeldCredits.card.originator')} testId="bo-held-credit-originator">
        <Text inherit fw={600}>
          {h.originatorName ?? t('backofficeHeldCredits.card.unknownOriginator')}
        </Text>
        {h.originatorIban && (
          <Text inherit ff="monospace">
            {formatIban(h.originatorIban)}
          </Text>
        )}
      </Fact>
      <Fact label={t('backofficeHeldCredits.card.reference')}>
        {h.reference ?? (
          <Text span inherit c="dimmed">
            {t('backofficeHeldCredits.card.noReference')}
          </Text>
        )}
      </Fact>
      <Fact label={t('backofficeHeldCredits.card.operation')} testId="bo-held-credit-number">
        {t('backofficeHeldCredits.card.operationNumber', { number: h.creditNumber })}
      </Fact>
      <Fact label={t('backofficeHeldCredits.card.held')} testId="bo-held-credit-held">
        {h.heldBy
          ? t('backofficeHeldCredits.card.heldBy', { date, name: heldOperatorName(h.heldBy) })
          : t('backofficeHeldCredits.card.heldByRule', { date })}
        {h.holdNote && <NoteText>{t('backofficeHeldCredits.card.holdNote', { note: h.holdNote })}</NoteText>}
      </Fact>
    </SimpleGrid>
  );
}
