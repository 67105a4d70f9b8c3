import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PayeeVerification } from '@comptoir/contracts';
import { formatIban, normalizeIban } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useAddBeneficiary, verifyPayee } from '../../api/beneficiaries.ts';
import { useMe } from '../../api/session.ts';
import { useStrongAuth } from '../../sca/index.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import {
  beneficiaryForm,
  bicForIban,
  caretAfterGrouping,
  clearBeneficiaryDraft,
  readBeneficiaryDraft,
  canSaveBeneficiary,
  saveBeneficiaryDraft,
  groupIbanInput,
  IBAN_INPUT_MAX,
  toCreateRequest,
  type BeneficiaryFormValues,
  type OwnBank,
} from './beneficiary-form.ts';
import { FraudWarning } from './FraudWarning.tsx';
import { VerificationResult } from './VerificationResult.tsx';

const EMPTY: BeneficiaryFormValues = { label: '', name: '', iban: '', bic: '' };

/** What a verification was made for: the same IBAN and name, or it no longer holds. */
const verificationKey = (iban: string, name: string) => `${normalizeIban(iban)}|${name.trim()}`;

/** « Ajouter un bénéficiaire » (docs/product/transfers.md#beneficiaries): the form, Verification of Payee, then strong authentication. */
export function AddBeneficiaryModal(props: {
  opened: boolean;
  onClose: () => void;
  ownBank: OwnBank | null;
}) {
  const { t } = useTranslation();
  const strongAuth = useStrongAuth();
  const { data: me } = useMe();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  const add = useAddBeneficiary();
  const form = useForm<BeneficiaryFormValues>({
    resolver: zodResolver(
      beneficiaryForm({
        nameRequired: t('beneficiaries.nameRequired'),
        ibanInvalid: t('beneficiaries.ibanInvalid'),
        bicInvalid: t('beneficiaries.bicInvalid'),
      }),
    ),
    // What was typed before « Sécuriser mon compte » led to the profile comes back.
    defaultValues: readBeneficiaryDraft() ?? EMPTY,
  });
  const { errors } = form.formState;
  const [iban = '', name = ''] = useWatch({ control: form.control, name: ['iban', 'name'] });
  const [verified, setVerified] = useState<{ key: string; answer: PayeeVerification } | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [confirmedMismatch, setConfirmedMismatch] = useState(false);
  const [acknowledgedFraud, setAcknowledgedFraud] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ibanInput = useRef<HTMLInputElement>(null);

  // The BIC of an IBAN of this bank is the bank's own: filled in, and emptied again if the IBAN changes.
  const ownBic = bicForIban(iban, props.ownBank);
  const filledBic = useRef(false);
  useEffect(() => {
    if (ownBic) {
      form.setValue('bic', ownBic, { shouldValidate: form.formState.isSubmitted });
      filledBic.current = true;
    } else if (filledBic.current) {
      form.setValue('bic', '');
      filledBic.current = false;
    }
  }, [ownBic, form]);

  const current = verified && verified.key === verificationKey(iban, name) ? verified.answer : null;
  const confirmed = { mismatch: confirmedMismatch, fraudWarning: acknowledgedFraud };
  const canSave = canSaveBeneficiary(current, confirmed);

  const close = () => {
    clearBeneficiaryDraft();
    form.reset(EMPTY);
    setVerified(null);
    setConfirmedMismatch(false);
    setAcknowledgedFraud(false);
    setFailure(null);
    add.reset();
    props.onClose();
  };

  const errorText = (error: unknown) =>
    t('beneficiaries.error', { detail: isApiError(error) ? error.detail : t('errors.generic') });

  const runVerification = async (values: { iban: string; name: string }) => {
    setFailure(null);
    setVerifying(true);
    try {
      const answer = await verifyPayee({ iban: normalizeIban(values.iban), name: values.name.trim() });
      setVerified({ key: verificationKey(values.iban, values.name), answer });
      setConfirmedMismatch(false);
      setAcknowledgedFraud(false);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setVerifying(false);
    }
  };

  const verify = form.handleSubmit((values) => runVerification(values));

  const useHolderName = (holderName: string) => {
    form.setValue('name', holderName, { shouldValidate: true });
    void runVerification({ iban: form.getValues('iban'), name: holderName });
  };

  const save = form.handleSubmit(async (values) => {
    if (!current) return runVerification(values);
    if (!canSave) {
      setFailure(t('beneficiaries.verifyFirst'));
      return;
    }
    setFailure(null);
    const request = toCreateRequest(values, {
      mismatch: current.result === 'no_match' && confirmedMismatch,
      fraudWarning: current.reportedForFraud && acknowledgedFraud,
    });
    // Kept while strong authentication runs: its « Sécuriser mon compte » leaves this page.
    saveBeneficiaryDraft(values);
    const scaToken = await strongAuth.confirm({
      action: 'beneficiary',
      details: { iban: request.iban },
      title: t('beneficiaries.scaTitle'),
      summary: (
        <Stack gap={2}>
          <Text fw={600}>{request.name}</Text>
          <Text ff="monospace" size="sm">
            {formatIban(request.iban)}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`beneficiaries.verification.${current.result}`, { name: current.holderName ?? '' })}
          </Text>
        </Stack>
      ),
    });
    if (!scaToken) {
      // Only a customer without a second factor is sent to secure the account: keep the draft then.
      if ((me?.secondFactors ?? 0) > 0) clearBeneficiaryDraft();
      return;
    }
    add.mutate(
      { request, scaToken },
      {
        onSuccess: () => {
          notifySuccess(t('beneficiaries.added'));
          close();
        },
        onError: (error) => setFailure(errorText(error)),
      },
    );
  });

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('beneficiaries.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      size="lg"
      radius="lg"
      fullScreen={phone}
      centered
    >
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('beneficiaries.label')}
            description={t('beneficiaries.labelHint')}
            maxLength={70}
            error={errors.label?.message}
            {...form.register('label')}
          />
          <TextInput
            label={t('beneficiaries.name')}
            description={t('beneficiaries.nameHint')}
            required
            maxLength={70}
            autoComplete="off"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="iban"
            render={({ field }) => (
              <TextInput
                label={t('beneficiaries.iban')}
                required
                ref={ibanInput}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                inputMode="text"
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={IBAN_INPUT_MAX}
                placeholder="LU28 0019 4006 4475 0000"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                error={errors.iban?.message}
                onChange={(event) => {
                  const input = event.currentTarget;
                  const grouped = groupIbanInput(input.value);
                  const caret = caretAfterGrouping(
                    input.value,
                    input.selectionStart ?? input.value.length,
                    grouped,
                  );
                  field.onChange(grouped);
                  requestAnimationFrame(() => ibanInput.current?.setSelectionRange(caret, caret));
                }}
              />
            )}
          />
          <TextInput
            label={t('beneficiaries.bic')}
            description={ownBic ? t('beneficiaries.bicOwnBank') : t('beneficiaries.bicOptional')}
            readOnly={ownBic !== null}
            maxLength={11}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            styles={{
              input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' },
            }}
            error={errors.bic?.message}
            {...form.register('bic')}
          />

          {current && (
            <VerificationResult
              verification={current}
              onUseHolderName={useHolderName}
              confirmedMismatch={confirmedMismatch}
              onConfirmMismatch={setConfirmedMismatch}
            />
          )}
          {current?.reportedForFraud && (
            <FraudWarning acknowledged={acknowledgedFraud} onAcknowledge={setAcknowledgedFraud} />
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('beneficiaries.cancel')}
            </Button>
            {current ? (
              <Button type="submit" disabled={!canSave} loading={add.isPending}>
                {t('beneficiaries.save')}
              </Button>
            ) : (
              <Button onClick={() => void verify()} loading={verifying}>
                {t('beneficiaries.verify')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
