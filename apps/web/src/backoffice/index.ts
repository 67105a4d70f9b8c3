export { BackofficeArea } from './shell/BackofficeArea.tsx';
