// The product sector check lives with the other object-level checks (auth/objectAccess).
export { chainRoots, requireProductAccess as requireDocumentSectors } from '../auth/objectAccess';
