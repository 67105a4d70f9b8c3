import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { CSP_NONCE_META } from '@comptoir/contracts';
import { setNonce } from 'get-nonce';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';
import { ToastHost } from '../ui/ToastHost.tsx';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The style nonce the server named in this page (a new one for each response, also in its
 * Content-Security-Policy): every `<style>` element Mantine inserts carries it. None on the Vite
 * dev server, which sends no policy.
 */
const styleNonce =
  typeof document === 'undefined'
    ? undefined
    : (document.querySelector(`meta[name="${CSP_NONCE_META}"]`)?.getAttribute('content') ?? undefined);
const getStyleNonce = styleNonce === undefined ? undefined : () => styleNonce;
// The one style element a dialog adds outside Mantine (react-remove-scroll's, which holds the page
// still behind it) takes its nonce from get-nonce.
if (styleNonce !== undefined) setNonce(styleNonce);

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        getStyleNonce={getStyleNonce}
      >
        <ToastHost position="top-center" autoClose={3000} limit={3} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
