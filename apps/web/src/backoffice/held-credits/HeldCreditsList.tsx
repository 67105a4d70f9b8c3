import type { HeldCreditsQuery } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { useHeldCredits } from '../../api/backoffice-held-credits.ts';
import { QueueList } from '../QueueList.tsx';
import { HeldCreditCard } from './HeldCreditCard.tsx';

type ListStatus = HeldCreditsQuery['status'];
const STATUSES = ['open', 'closed'] as const satisfies readonly ListStatus[];

/** « À décider » (nearest deadline first) or « Décidés » (newest decision first), one card each. */
export function HeldCreditsList({
  status,
  onStatus,
  onOpenCustomer,
}: {
  status: ListStatus;
  onStatus: (status: ListStatus) => void;
  onOpenCustomer: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const credits = useHeldCredits(status);
  const k = 'backofficeHeldCredits';
  return (
    <QueueList
      labels={{
        filter: t(`${k}.list.filter`),
        refresh: t(`${k}.page.refresh`),
        hint: t(`${k}.list.hint.${status}`),
        loading: t(`${k}.list.loading`),
        empty: t(`${k}.list.empty.${status}`),
        list: t(`${k}.list.label`),
      }}
      statuses={STATUSES.map((value) => ({ value, label: t(`${k}.list.statuses.${value}`) }))}
      status={status}
      onStatus={onStatus}
      query={credits}
      emptyTestId="bo-held-credits-empty"
      renderItem={(credit) => (
        <HeldCreditCard key={credit.id} credit={credit} onOpenCustomer={onOpenCustomer} />
      )}
    />
  );
}
