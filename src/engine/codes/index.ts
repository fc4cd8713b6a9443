/** Code tables as spreadsheets: export, import, and what an import would break (pure). */
export type { CodeTableEntry, CodeTableFile, Sheet } from './CodeTableFile';
export { cellText, codeTableToSheet } from './codeTableToSheet';
export { keyOfTitle, sheetToCodeTable } from './sheetToCodeTable';
export type { SheetImportOptions, SheetImportResult } from './sheetToCodeTable';
export { rulesReadingCodes } from './rulesReadingCodes';
export type { CodeReader } from './rulesReadingCodes';
export { pathsCodedBy, productsHoldingCodes } from './productsHoldingCodes';
export type { ProductHolding } from './productsHoldingCodes';
