import { useEffect } from 'react';
import { Box, Button, Center, Container, Group, Loader, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import {
  operatorLogout,
  sessionEndReason,
  setOperatorSessionLostHandler,
  setOperatorState,
  useOperatorState,
  type OperatorState,
} from '../../api/backoffice-session.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { SandboxBanner } from '../../ui/SandboxBanner.tsx';
import { AuditLogPage } from '../audit/AuditLogPage.tsx';
import { BackofficeNav, useBackofficeView, type BackofficeView } from './BackofficeNav.tsx';
import { ContactInboxPage } from '../messages/ContactInboxPage.tsx';
import { CustomersPage } from '../customers/CustomersPage.tsx';
import { DirectDebitClaimsPage } from '../direct-debits/DirectDebitClaimsPage.tsx';
import { ENROLMENT_SUBPATH, EnrolmentPage } from '../enrolment/EnrolmentPage.tsx';
import { FraudReportsPage } from '../fraud-reports/FraudReportsPage.tsx';
import { HeldCreditsPage } from '../held-credits/HeldCreditsPage.tsx';
import { MonitoringPage } from '../monitoring/MonitoringPage.tsx';
import { OperatorInactivity } from './OperatorInactivity.tsx';
import { OperatorLoginPage } from './OperatorLoginPage.tsx';
import { OperatorsPage } from '../operators/OperatorsPage.tsx';
import { Psd2TppsPage } from '../psd2/Psd2TppsPage.tsx';
import { SandboxToolsPage } from '../sandbox/SandboxToolsPage.tsx';
import { ScreeningPage } from '../screening/ScreeningPage.tsx';
import { TestShopPage } from '../sandbox/TestShopPage.tsx';
import classes from '../contrast.module.css';

/**
 * Operator back office (docs/product/back-office.md#sign-in): its own login, inactivity rule and
 * screens, and the enrolment page invitation links open.
 */
export function BackofficeArea() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useOperatorState();
  // The page an invitation or a TOTP-reset link opens: no session needed, whatever the state.
  const enrolling = useLocation().pathname.toLowerCase().endsWith(ENROLMENT_SUBPATH);

  // Any back-office call answering 401 means the operator session is over: back to the login.
  useEffect(() => {
    setOperatorSessionLostHandler((error) =>
      setOperatorState(queryClient, {
        stage: 'signedOut',
        reason: sessionEndReason(error),
      }),
    );
    return () => setOperatorSessionLostHandler(null);
  }, [queryClient]);

  useEffect(() => {
    const previous = document.title;
    document.title = t('backoffice.documentTitle');
    return () => {
      document.title = previous;
    };
  }, [t]);

  return (
    <Box mih="100dvh" bg="gray.0" className={classes.readable}>
      <SandboxBanner />
      <Header state={state.data} />
      <Box component="main" px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
        {enrolling ? (
          <EnrolmentPage />
        ) : state.isPending ? (
          <Center py="xl" role="status">
            <Loader aria-label={t('backoffice.loading')} />
          </Center>
        ) : state.isError ? (
          <Container size="sm">
            <ErrorState
              message={isApiError(state.error) ? state.error.detail : t('backoffice.errors.generic')}
              onRetry={() => void state.refetch()}
              retrying={state.isFetching}
            />
          </Container>
        ) : state.data.stage === 'signedIn' ? (
          <>
            <OperatorInactivity idleSeconds={state.data.operator.idleTimeoutSeconds} />
            <BackofficeNav />
            <CurrentView />
          </>
        ) : (
          <OperatorLoginPage
            // A new sign-out shows its reason afresh.
            key={state.dataUpdatedAt}
            reason={state.data.reason}
          />
        )}
      </Box>
    </Box>
  );
}

/** The screen the navigation chose (`?vue=`); only views the role may use can be chosen. */
function CurrentView() {
  const [view] = useBackofficeView();
  const screens: Record<BackofficeView, () => React.JSX.Element> = {
    utilisateurs: () => <CustomersPage />,
    contact: () => <ContactInboxPage />,
    contestations: () => <DirectDebitClaimsPage />,
    criblage: () => <ScreeningPage />,
    surveillance: () => <MonitoringPage />,
    retenus: () => <HeldCreditsPage />,
    fraudes: () => <FraudReportsPage />,
    tiers: () => <Psd2TppsPage />,
    audit: () => <AuditLogPage />,
    operateurs: () => <OperatorsPage />,
    sandbox: () => <SandboxToolsPage />,
    boutique: () => <TestShopPage />,
  };
  return screens[view]();
}

function Header({ state }: { state: OperatorState | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const operator = state?.stage === 'signedIn' ? state.operator : null;
  return (
    <Box component="header" bg="comptoir.9" c="white" px={{ base: 'sm', sm: 'lg' }} py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={800} fz="lg" style={{ letterSpacing: '-0.02em' }} truncate>
          {t('backoffice.brand')}
          <Text span inherit visibleFrom="sm">
            {' · '}
            {t('backoffice.brandArea')}
          </Text>
        </Text>
        {operator && (
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="sm" data-testid="bo-operator">
              {t('backoffice.signedInAs', {
                name: operator.name,
                role: t(`backoffice.roles.${operator.role}`),
              })}
            </Text>
            <Button
              variant="white"
              size="xs"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => void operatorLogout(queryClient, null)}
            >
              {t('backoffice.signOut')}
            </Button>
          </Group>
        )}
      </Group>
    </Box>
  );
}
