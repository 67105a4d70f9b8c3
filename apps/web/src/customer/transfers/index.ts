export { TransferFormPage } from './TransferFormPage.tsx';
export { UpcomingTransfers } from './UpcomingTransfers.tsx';
