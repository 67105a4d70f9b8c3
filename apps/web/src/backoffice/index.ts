export { BackofficeArea } from './BackofficeArea.tsx';
