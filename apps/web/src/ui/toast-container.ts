// Mantine's toasts, reached only through a dynamic import (ToastHost.tsx): neither the container
// nor the store is in a screen's first load.
export { Notifications, notifications } from '@mantine/notifications';
