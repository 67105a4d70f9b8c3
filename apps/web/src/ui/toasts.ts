import { i18n } from '../i18n/i18n.ts';
import { showToast } from './ToastHost.tsx';

/** Every toast lasts 3 s (docs/product/banking-rules.md). */
const TOAST_MS = 3000;

/** The close button of a toast says what it does (screen readers, WCAG 4.1.2). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

const show = (message: string, color: string): void => {
  showToast({ message, color, autoClose: TOAST_MS, closeButtonProps: closeButtonProps() });
};

export const notifySuccess = (message: string): void => show(message, 'teal');

export const notifyError = (message: string): void => show(message, 'red');

export const notifyInfo = (message: string): void => show(message, 'comptoir');
