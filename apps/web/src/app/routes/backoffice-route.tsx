import { Route } from 'react-router';
import { BackofficeArea } from '../areas.ts';
import { paths } from '../paths.ts';

/** The back office is reachable whatever the customer session; its protection is server-side. */
export const backofficeRoute = <Route path={`${paths.backoffice}/*`} element={<BackofficeArea />} />;
