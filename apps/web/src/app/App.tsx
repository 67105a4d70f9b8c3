import { BrowserRouter } from 'react-router';
import { AppRoutes } from './AppRoutes.tsx';
import { LowercasePath } from './LowercasePath.tsx';
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx';
import { Providers } from './Providers.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { SessionLostHandler } from './SessionLostHandler.tsx';

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <ScrollToTop />
        <SessionLostHandler />
        <LowercasePath>
          <AppRoutes />
        </LowercasePath>
      </BrowserRouter>
      <UpdatePrompt />
    </Providers>
  );
}
