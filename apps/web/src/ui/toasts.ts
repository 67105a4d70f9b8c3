import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';

/** Every toast lasts 3 s (docs/product/banking-rules.md). */
const TOAST_MS = 3000;

/** The close button of a toast says what it does (screen readers, WCAG 4.1.2). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

export const notifySuccess = (message: string): void => {
  notifications.show({ message, color: 'teal', autoClose: TOAST_MS, closeButtonProps: closeButtonProps() });
};

export const notifyError = (message: string): void => {
  notifications.show({ message, color: 'red', autoClose: TOAST_MS, closeButtonProps: closeButtonProps() });
};

export const notifyInfo = (message: string): void => {
  notifications.show({
    message,
    color: 'comptoir',
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
};
