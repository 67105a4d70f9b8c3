export { createBackup, writeArchive, type BackupConfig } from './backup.ts';
export { BackupRefused, type Manifest } from './manifest.ts';
export { openArchive, restoreBackup } from './restore.ts';
