import { useState } from 'react';
import { Button, Group, Select, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useAdviserOptions, useAssignAdviser } from '../../api/backoffice-messages.ts';
import { useOperatorState } from '../../api/backoffice-session.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { Section } from '../Section.tsx';

const NONE = 'none';

/** « Conseiller »: the customer's adviser, chosen among active operators (admin and compliance). */
export function AdviserSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const options = useAdviserOptions(customerId);
  const assign = useAssignAdviser(customerId);
  const state = useOperatorState().data;
  const canAssign = state?.stage === 'signedIn' && state.operator.role !== 'support';
  const [choice, setChoice] = useState<string | null>(null);
  const current = options.data?.currentId ?? NONE;
  const value = choice ?? current;
  const error = assign.error ?? options.error;

  return (
    <Section title={t('boMessages.adviser.title')} hint={t('boMessages.adviser.hint')} testId="bo-adviser">
      {options.isPending ? (
        <Skeleton h={36} />
      ) : options.data ? (
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('boMessages.adviser.label')}
            data={[
              { value: NONE, label: t('boMessages.adviser.none') },
              ...options.data.items.map((o) => ({ value: o.id, label: `${o.name} (${o.email})` })),
            ]}
            value={value}
            onChange={setChoice}
            allowDeselect={false}
            disabled={!canAssign}
            searchable
            style={{ flex: 1, minWidth: 220 }}
            data-testid="bo-adviser-select"
          />
          {canAssign && (
            <Button
              disabled={value === current}
              loading={assign.isPending}
              onClick={() =>
                assign.mutate(value === NONE ? null : value, {
                  onSuccess: () => {
                    setChoice(null);
                    notifySuccess(t('boMessages.adviser.saved'));
                  },
                })
              }
            >
              {t('boMessages.adviser.save')}
            </Button>
          )}
        </Group>
      ) : null}
      {!canAssign && (
        <Text size="sm" c="dimmed">
          {t('boMessages.adviser.readOnly')}
        </Text>
      )}
      {error && (
        <Text c="red.9" size="sm" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
          })}
        </Text>
      )}
    </Section>
  );
}
