export { checkPgDumpVersion, createBackup, type BackupConfig } from './backup.ts';
export { BackupRefused, type Manifest } from './manifest.ts';
export { checkArchive, restoreBackup } from './restore.ts';
