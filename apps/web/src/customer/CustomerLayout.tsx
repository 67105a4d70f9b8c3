import { lazy, Suspense } from 'react';
import { Button, Center, Container, Group, Loader, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { useLiveEvents } from '../api/events.ts';
import { useLogout, useMe } from '../api/session.ts';
import { PageTitle } from '../app/PageTitle.tsx';
import { Logo } from '../ui/Logo.tsx';
import { SandboxBanner } from '../ui/SandboxBanner.tsx';
import { usePreload, WhenSettled } from '../ui/preloadable.tsx';
import { preloadToasts } from '../ui/ToastHost.tsx';
import { BottomNav } from './BottomNav.tsx';
import { SideNav } from './SideNav.tsx';
import { EnrolInvitation, StrongAuthProvider } from '../sca/index.ts';
import { DocumentRequestDialog } from './documents/DocumentRequestDialog.tsx';
import { NotificationBell } from './notifications/NotificationBell.tsx';
import classes from './CustomerLayout.module.css';

// The prompt of an online card payment to confirm is a chunk of its own, mounted once the screen is
// shown: it asks for the payments waiting then, and opens its dialog a moment after the screen.
const CardAuthenticationPrompt = lazy(() =>
  import('./card-authentications/CardAuthenticationPrompt.tsx').then((m) => ({
    default: m.CardAuthenticationPrompt,
  })),
);

// The banner of third parties' requests to decide in the app (PSD2, decoupled), likewise: it reads
// them once the screen is shown, and brings open banking's copy with it.
const Psd2PendingPrompt = lazy(() =>
  import('./psd2/Psd2PendingPrompt.tsx').then((m) => ({ default: m.Psd2PendingPrompt })),
);

/** react-remove-scroll's class for fixed elements: moved left by the scroll bar a dialog hides. */
const SCROLL_LOCK_OFFSET = 'right-scroll-bar-position';

/** Customer area shell: header, side navigation (desktop) or bottom navigation (mobile), live updates. */
export function CustomerLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: me } = useMe();
  // Credits appear on every customer screen without a reload (docs/product/accounts-and-spaces.md#live-updates).
  useLiveEvents(me !== null && me !== undefined);
  usePreload(preloadToasts);

  const signOut = () => logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) });

  return (
    <StrongAuthProvider>
      <div className={classes.shell}>
        <PageTitle />
        {/* The fixed bars keep clear of a dialog's scroll lock (react-remove-scroll's class). */}
        <header className={`${classes.header} ${SCROLL_LOCK_OFFSET}`}>
          {/* At 360 px the logo, the bell and « Déconnexion » fit only with tighter edges. */}
          <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
            <Logo />
            <Group gap={4} wrap="nowrap">
              {me?.firstName && (
                <Text size="sm" c="dimmed" visibleFrom="sm">
                  {t('customer.hello', { name: me.firstName })}
                </Text>
              )}
              {me?.status === 'active' && <NotificationBell />}
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconLogout size={18} aria-hidden />}
                px={{ base: 8, sm: 'md' }}
                onClick={signOut}
                loading={logout.isPending}
              >
                {t('common.signOut')}
              </Button>
            </Group>
          </Group>
        </header>

        {/* Below the breakpoint the bottom bar navigates: the side bar is not displayed at all, so
          keyboard and screen-reader users do not meet a second, invisible menu. */}
        <nav className={classes.navbar}>
          <SideNav />
        </nav>

        <main className={classes.main}>
          <SandboxBanner />
          <Container size={760} px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
            {me && me.secondFactors === 0 && <EnrolInvitation />}
            {me && <DocumentRequestDialog />}
            {/* An online card payment to confirm (3-D Secure) opens its dialog on any screen. */}
            {me?.status === 'active' && (
              <WhenSettled>
                <CardAuthenticationPrompt />
              </WhenSettled>
            )}
            {/* A third party's payment or access to decide (PSD2, decoupled): a banner on any screen. */}
            {me?.status === 'active' && (
              <WhenSettled>
                <Psd2PendingPrompt />
              </WhenSettled>
            )}
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader />
                </Center>
              }
            >
              <Outlet />
            </Suspense>
          </Container>
        </main>

        <footer className={`${classes.footer} ${SCROLL_LOCK_OFFSET}`}>
          <BottomNav />
        </footer>
      </div>
    </StrongAuthProvider>
  );
}
