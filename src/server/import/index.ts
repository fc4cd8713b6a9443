// The import pipeline's public surface (CLI, server start-up, bench).
export { importPaths } from './importPaths';
export { importDemoCorpus, demoCorpusFiles, inboxIsEmpty } from './importDemoCorpus';
export { startDropFolderImporter } from './startDropFolderImporter';
export type { DropFolderImporter, DropFolderOptions } from './startDropFolderImporter';
export { runImport } from './runImport';
export type { ImportOptions } from './runImport';
export type { ImportSummary } from './ImportSummary';
export { defaultImportLimits } from './ImportLimits';
export type { ImportLimits } from './ImportLimits';
export type { AttachmentStore } from './AttachmentStore';
export { importStatus } from './importStatus';
