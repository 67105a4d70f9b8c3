import { Anchor, Text } from '@mantine/core';
import type { ScreeningCustomerRef } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { customerRefName } from './screening-text.ts';

/**
 * A customer named in the queue or a freeze: a link to their file (`?client=`), opened over the
 * current page when `onOpen` is given; an anonymised customer is named as such, by number.
 */
export function CustomerLink({
  customer,
  onOpen,
}: {
  customer: ScreeningCustomerRef;
  onOpen?: ((customerId: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const name = customerRefName(customer) || t('backofficeScreening.subject.anonymised');
  if (!onOpen) {
    return (
      <Text span fw={600} inherit style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    );
  }
  return (
    <Anchor
      href={`?client=${encodeURIComponent(customer.id)}`}
      fw={600}
      inherit
      style={{ overflowWrap: 'anywhere' }}
      aria-label={t('backofficeScreening.subject.openCustomer', { name })}
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        onOpen(customer.id);
      }}
    >
      {name}
    </Anchor>
  );
}
