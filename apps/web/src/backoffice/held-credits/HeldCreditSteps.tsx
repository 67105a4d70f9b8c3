import { HELD_CREDIT_REASON_LABELS, type HeldCredit } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { StepRecord } from '../screening/StepRecord.tsx';
import { heldOperatorName } from './held-credit-text.ts';

/** The proposal (who, when, its reason and note) and the decision (who, when, note, entry number). */
export function HeldCreditSteps({ credit: h }: { credit: HeldCredit }) {
  const { t } = useTranslation();
  const dateTime = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));
  const decided = h.status === 'released' || h.status === 'returned' ? h.status : null;
  return (
    <>
      {h.proposal && (
        <StepRecord
          testId="bo-held-credit-proposal"
          line={t(`backofficeHeldCredits.card.proposed.${h.proposal.action}`, {
            date: dateTime(h.proposal.at),
            name: heldOperatorName(h.proposal.by),
            reason: HELD_CREDIT_REASON_LABELS[h.proposal.reason],
          })}
          note={t('backofficeHeldCredits.card.note', { note: h.proposal.note })}
        />
      )}
      {h.decision && decided && (
        <StepRecord
          testId="bo-held-credit-decision"
          line={t(`backofficeHeldCredits.card.decided.${decided}`, {
            date: dateTime(h.decision.at),
            name: heldOperatorName(h.decision.by),
            number: h.decision.entryNumber,
          })}
          note={h.decision.note ? t('backofficeHeldCredits.card.note', { note: h.decision.note }) : undefined}
        />
      )}
    </>
  );
}
