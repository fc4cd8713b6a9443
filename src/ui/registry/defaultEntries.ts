import { CheckboxWidget } from '../widgets/CheckboxWidget';
import { DateWidget } from '../widgets/DateWidget';
import { HiddenWidget } from '../widgets/HiddenWidget';
import { ImageWidget } from '../widgets/ImageWidget';
import { LinkWidget } from '../widgets/LinkWidget';
import { PdfTextWidget } from '../widgets/PdfTextWidget';
import { StatusWidget } from '../widgets/StatusWidget';
import { ListWidget, PromotionTableWidget, ReadList, ReadPromotionTable } from '../widgets/ListWidget';
import { MultiSelectWidget } from '../widgets/MultiSelectWidget';
import { NumberWidget } from '../widgets/NumberWidget';
import { PickerWidget } from '../widgets/PickerWidget';
import { ReadRichText, RichTextWidget } from '../widgets/RichTextWidget';
import { ReadCode } from '../widgets/ReadCode';
import { ReadDate } from '../widgets/ReadDate';
import { ReadPicked } from '../widgets/ReadPicked';
import { ReadText } from '../widgets/ReadText';
import { ReadYesNo } from '../widgets/ReadYesNo';
import { SelectWidget } from '../widgets/SelectWidget';
import { TextareaWidget } from '../widgets/TextareaWidget';
import { TextWidget } from '../widgets/TextWidget';
import { UnknownWidget } from '../widgets/UnknownWidget';
import type { RegistryEntry } from './fieldRegistry';
import { isBoolean, isCode, isCodeList, isDate, isLongText, isNumber, isObjectList, isString, widgetOr } from './testers';

const never = () => false;

/**
 * Every field widget, in one list. Each entry ranks how well it fits a field (an explicit
 * `x-ui.widget` wins; otherwise the schema decides) and has an edit and a read component.
 * Screens may pass extra entries with higher ranks (e.g. the sector combination editor).
 */
export const defaultEntries: readonly RegistryEntry[] = [
  { name: 'text', tester: widgetOr(['text'], isString, 1), edit: TextWidget, read: ReadText, followsStore: true },
  { name: 'textarea', tester: widgetOr(['textarea'], isLongText, 2), edit: TextareaWidget, read: ReadText, followsStore: true },
  { name: 'number', tester: widgetOr(['number'], isNumber, 1), edit: NumberWidget, read: ReadText, width: 'narrow' },
  { name: 'select', tester: widgetOr(['select'], isCode, 2), edit: SelectWidget, read: ReadCode, width: 'narrow' },
  { name: 'multiselect', aliases: ['chips'], tester: widgetOr(['multiselect', 'chips'], isCodeList, 2), edit: MultiSelectWidget, read: ReadCode, width: 'medium' },
  { name: 'checkbox', tester: widgetOr(['checkbox'], isBoolean, 2), edit: CheckboxWidget, read: ReadYesNo, width: 'narrow' },
  { name: 'date', tester: widgetOr(['date'], isDate, 3), edit: DateWidget, read: ReadDate, width: 'narrow' },
  { name: 'picker', tester: widgetOr(['picker'], (f) => !!f.ui.lookup && !f.children && !f.codes, 3), edit: PickerWidget, read: ReadPicked, width: 'medium' },
  { name: 'list', aliases: ['table'], tester: widgetOr(['list', 'table'], isObjectList, 2), edit: ListWidget, read: ReadList },
  { name: 'promotion-table', tester: widgetOr(['promotion-table'], never, 0), edit: PromotionTableWidget, read: ReadPromotionTable },
  { name: 'status', tester: widgetOr(['status'], never, 0), edit: StatusWidget, read: ReadCode, width: 'narrow' },
  { name: 'link', tester: widgetOr(['link'], never, 0), edit: LinkWidget, read: LinkWidget, width: 'medium' },
  { name: 'image', tester: widgetOr(['image'], never, 0), edit: ImageWidget, read: ImageWidget, width: 'medium' },
  { name: 'pdf-text', tester: widgetOr(['pdf-text'], never, 0), edit: PdfTextWidget, read: PdfTextWidget },
  { name: 'richtext', tester: widgetOr(['richtext'], never, 0), edit: RichTextWidget, read: ReadRichText },
  { name: 'hidden', tester: widgetOr(['hidden'], never, 0), edit: HiddenWidget, read: HiddenWidget, ownFrame: true, width: 'narrow' },
];

/** Catches every field no entry fits (e.g. an `x-ui.widget` nobody registered). */
export const unknownEntry: RegistryEntry = { name: 'unknown', tester: () => 0, edit: UnknownWidget, read: UnknownWidget };
