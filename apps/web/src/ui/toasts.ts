import { notifications } from '@mantine/notifications';

/** Every toast lasts 3 s (SPEC §9). */
const TOAST_MS = 3000;

export const notifySuccess = (message: string): void => {
  notifications.show({ message, color: 'teal', autoClose: TOAST_MS });
};

export const notifyError = (message: string): void => {
  notifications.show({ message, color: 'red', autoClose: TOAST_MS });
};

export const notifyInfo = (message: string): void => {
  notifications.show({ message, color: 'comptoir', autoClose: TOAST_MS });
};
