// Test scaffolding of modules/notifications for other modules' tests; never imported by production code.
export { saveNotificationPreferences } from '../queries.ts';
export { recordNotification } from '../record-service.ts';
