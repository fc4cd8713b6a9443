import type { RegistryEntry, Tester } from '../../../ui/registry/fieldRegistry';
import { NOT_APPLICABLE } from '../../../ui/registry/fieldRegistry';
import { isObjectList, typeOf } from '../../../ui/registry/testers';
import type { FieldModel } from '../../../ui/form/formModel';
import { AffinityWidget } from './AffinityWidget';
import { CompaniesWidget } from './CompaniesWidget';
import { CompanySelectWidget, ReadCompanyName } from './CompanySelectWidget';
import { IncentivesWidget } from './IncentivesWidget';
import { NothingWidget } from './NothingWidget';
import { PanelistsWidget, ReadPanelists } from './PanelistsWidget';
import { ProductImageWidget } from './ProductImageWidget';
import { ProductNameLookupWidget } from './ProductNameLookupWidget';
import { PromotionFormActions, PromotionsWidget, ReadPromotions } from './PromotionsWidget';
import { PublicationsWidget } from './PublicationsWidget';
import { ReadSectorChains, SectorChainsWidget } from './SectorChainsWidget';
import { UploadWidget } from './UploadWidget';

/** Above an explicit `x-ui.widget` name (100): these widgets know the product document. */
const PRODUCT = 120;

const when = (test: (f: FieldModel) => boolean, rank = PRODUCT): Tester => (f) => (test(f) ? rank : NOT_APPLICABLE);
const named = (...names: string[]) => (f: FieldModel) => !!f.ui.widget && names.includes(f.ui.widget);
const objectListWithLookup = (lookup: string) => (f: FieldModel) => isObjectList(f) && f.ui.lookup === lookup;
/** A list of lists of objects: sector chains. */
const isChainList = (f: FieldModel) => typeOf(f.schema) === 'array' && !!f.schema.items && typeOf(f.schema.items) === 'array';

/**
 * The product editor's widgets, ranked above the defaults. They are chosen by `x-ui` (widget name,
 * lookup name, slots) or by schema shape, never by field path, so a new block using the same
 * annotations gets them too.
 */
export const productEntries: readonly RegistryEntry[] = [
  // Editor state: drawn by the widgets that own it (picker drafts, promotion edit index, upload).
  { name: 'product-name-lookup', tester: when(named('product-name-lookup'), 200), edit: ProductNameLookupWidget, read: NothingWidget, ownFrame: false, width: 'medium' },
  { name: 'promotion-form-actions', tester: when(named('promotion-form-actions'), 200), edit: PromotionFormActions, read: NothingWidget, ownFrame: true, width: 'full' },
  { name: 'transient', tester: when((f) => f.schema['x-transient'] === true, 150), edit: NothingWidget, read: NothingWidget, ownFrame: true },
  { name: 'panelists', tester: when((f) => named('panelists')(f) || objectListWithLookup('panelists')(f)), edit: PanelistsWidget, read: ReadPanelists },
  { name: 'companies', tester: when((f) => named('companies')(f) || objectListWithLookup('companies')(f)), edit: CompaniesWidget, read: CompaniesWidget },
  { name: 'affinities', tester: when((f) => named('affinities')(f) || objectListWithLookup('affinities')(f)), edit: AffinityWidget, read: AffinityWidget },
  { name: 'publications', tester: when((f) => named('publications')(f) || objectListWithLookup('publications')(f)), edit: PublicationsWidget, read: PublicationsWidget },
  { name: 'sector-chains', tester: when((f) => named('sector-chains')(f) || isChainList(f)), edit: SectorChainsWidget, read: ReadSectorChains },
  {
    name: 'promotion-table',
    tester: when((f) => named('promotion-table')(f) || (isObjectList(f) && f.blockId === 'promotion')),
    edit: PromotionsWidget,
    read: ReadPromotions,
  },
  { name: 'company-select', tester: when((f) => named('select')(f) && f.ui.lookup === 'companies'), edit: CompanySelectWidget, read: ReadCompanyName, width: 'medium' },
  { name: 'slots', tester: when((f) => isObjectList(f) && typeof f.ui.slots === 'number'), edit: IncentivesWidget, read: IncentivesWidget },
  { name: 'file', tester: when(named('file')), edit: UploadWidget, read: UploadWidget, width: 'medium' },
  { name: 'product-image', tester: when(named('image', 'product-image')), edit: ProductImageWidget, read: ProductImageWidget, width: 'wide' },
];
