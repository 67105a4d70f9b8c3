import { Button, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { Me } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName } from '../../onboarding/countries.ts';
import { IdentityChangeSection } from './IdentityChangeSection.tsx';
import classes from './MyInformationPanel.module.css';

/**
 * « Mes informations » (docs/product/profile-and-security.md#profil): what the bank knows of the customer, read-only. E-mail, phone and
 * address change on /update-user with the current password; the verified identity (names, birth
 * date, tax residence) through an identity change request the bank reviews; the tax number through
 * the adviser. The tax number comes masked from the server.
 */
export function MyInformationPanel({ me }: { me: Me }) {
  const { t } = useTranslation();
  const missing = t('myProfile.information.notProvided');
  const address = me.address ? [me.address, [me.postalCode, me.city].filter(Boolean).join(' ')] : [];
  const rows: [string, React.ReactNode][] = [
    [t('myProfile.information.firstName'), me.firstName ?? missing],
    [t('myProfile.information.lastName'), me.lastName ?? missing],
    [t('myProfile.information.phone'), me.phone ?? missing],
    [
      t('myProfile.information.email'),
      <>
        {me.email}
        {me.pendingEmail && (
          <Text component="span" display="block" size="xs" c="dimmed">
            {t('myProfile.information.pendingEmail', { email: me.pendingEmail })}
          </Text>
        )}
      </>,
    ],
    [t('myProfile.information.residenceCountry'), countryName(me.residenceCountry) || missing],
    [t('myProfile.information.taxCountry'), countryName(me.taxCountry) || missing],
    [
      t('myProfile.information.taxId'),
      me.taxIdMasked ? (
        <>
          <span className={classes.mono}>{me.taxIdMasked}</span>
          <Text component="span" display="block" size="xs" c="dimmed">
            {t('myProfile.information.taxIdHint')}
          </Text>
        </>
      ) : (
        missing
      ),
    ],
    [
      t('myProfile.information.address'),
      address.length > 0
        ? address.map((line) => (
            <span key={line} className={classes.line}>
              {line}
            </span>
          ))
        : missing,
    ],
  ];

  return (
    <Stack gap="md">
      <dl
        className={classes.list}
        aria-label={t('myProfile.information.listLabel')}
        data-testid="my-information"
      >
        {rows.map(([label, value]) => (
          <div key={label} className={classes.row}>
            <dt className={classes.term}>{label}</dt>
            <dd className={classes.value}>{value}</dd>
          </div>
        ))}
      </dl>
      <Text size="sm" c="dimmed">
        {t('myProfile.information.editHint')} {t('myProfile.information.taxChange')}
      </Text>
      <Button
        component={Link}
        to="/update-user"
        variant="light"
        justify="flex-start"
        leftSection={<IconEdit size={18} aria-hidden />}
      >
        {t('myProfile.information.edit')}
      </Button>
      <IdentityChangeSection me={me} />
    </Stack>
  );
}
