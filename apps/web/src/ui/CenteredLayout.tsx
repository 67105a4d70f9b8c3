import { Suspense } from 'react';
import { Box, Center, Container, Group, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { PageTitle } from '../app/PageTitle.tsx';
import { Logo } from './Logo.tsx';
import { SandboxBanner } from './SandboxBanner.tsx';

/** A narrow single-column page: sign-in, passwords, onboarding steps, waiting screens. */
export function CenteredLayout() {
  return (
    <Box mih="100dvh">
      <PageTitle />
      <SandboxBanner />
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="md" py="sm">
          <Group>
            <Logo />
          </Group>
        </Container>
      </Box>
      <Container component="main" size={520} px="md" py={{ base: 'lg', sm: 48 }}>
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
    </Box>
  );
}
