import { zodResolver } from '@hookform/resolvers/zod';
import { BlockPsd2TppRequest, type Psd2TppSeen } from '@comptoir/contracts';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlockPsd2Tpp } from '../../api/backoffice-psd2.ts';
import { DecisionDialog } from '../DecisionDialog.tsx';

/**
 * « Bloquer » a provider, with the required reason (5 characters at least, checked here with the
 * request's schema and again by the server): its calls are refused from then on; audited.
 */
export function BlockTppDialog({ tpp, onClose }: { tpp: Psd2TppSeen; onClose: () => void }) {
  const { t } = useTranslation();
  const block = useBlockPsd2Tpp();
  const form = useForm<z.input<typeof BlockPsd2TppRequest>, unknown, z.output<typeof BlockPsd2TppRequest>>({
    resolver: zodResolver(BlockPsd2TppRequest),
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(({ reason }) =>
    block.mutate({ id: tpp.id, reason }, { onSuccess: onClose }),
  );
  return (
    <DecisionDialog
      title={t('backofficePsd2.dialog.title')}
      intro={t('backofficePsd2.dialog.intro', { name: tpp.name, id: tpp.organisationId })}
      note={{
        label: t('backofficePsd2.dialog.reason'),
        description: t('backofficePsd2.dialog.reasonHint'),
        required: true,
        minRows: 3,
        maxLength: 500,
        error: form.formState.errors.reason?.message,
        field: form.register('reason'),
      }}
      mutation={block}
      cancelLabel={t('backofficePsd2.dialog.cancel')}
      submitLabel={t('backofficePsd2.dialog.submit')}
      submitColor="red.9"
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
