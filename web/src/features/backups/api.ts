// The backups screen's calls to the panel API, one per operation, typed by the contract.
import { call, urlOf, type BodyOf } from '../../api/operations';
import { useEditableOperation, useOperationData, type ReadOpts } from '../../api/use-operation';

export const useBackupList = (opts?: ReadOpts) => useOperationData('listBackups', {}, opts);
export const useBackupStorage = (opts?: ReadOpts) => useOperationData('backupStorage', {}, opts);
export const useBackupContents = (id: string) => useOperationData('backupContents', { params: { id } });
export const useBackupSchedule = () =>
  useEditableOperation('getBackupSchedule', (schedule) => call('setBackupSchedule', { body: schedule }));

export const getBackup = (id: string) => call('getBackup', { params: { id } });
export const createBackup = () => call('createBackup', { body: {} });
/** The archive's address, for the browser to download. */
export const downloadUrl = (id: string) => urlOf('downloadBackup', { params: { id } });
export const deleteBackup = (id: string) => call('deleteBackup', { params: { id } });
export const copyBackupNow = (id: string) => call('copyBackupNow', { params: { id } });
export const uploadBackup = (file: Blob) => call('uploadBackup', {}, { raw: file });
export const checkOffsiteCopy = () => call('checkBackupCopy', { body: {} });
export const restoreDryRun = (id: string) => call('restoreDryRun', { params: { id } });
export const restoreBackup = (id: string, body: BodyOf<'restoreBackup'>) => call('restoreBackup', { params: { id }, body });
export const getRestore = (id: string) => call('getRestore', { params: { id } });
