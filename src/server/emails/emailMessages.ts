/** The spec's exact messages (000 §5, §8) and this server's own where the spec gives none. */
export const emailMessages = {
  usedCopyGlacier: 'You have selected some emails which have used and copy status',
  selectEmail: 'Please select atleast one email.',
  productMissing: 'This product does not exist.',
  productIdEmpty: 'Product ID can not be empty.',
  chooseRecord: 'Please choose atleast one record.',
  invalidProductId: 'Enter a valid Entry ID or MUID.',
  onlyCopyStatus: 'Please select only copy status.',
  // Not in the spec (decisions.md).
  statusLocked: 'The status of a Used or e-Glacier email can not be changed.',
  statusNotSelectable: 'This status can not be chosen.',
  emailMissing: 'Email not found.',
  invalidPoints: 'Points must be at most 10 characters.',
} as const;
