import './copy.ts';

export { BackofficeArea } from './shell/BackofficeArea.tsx';
