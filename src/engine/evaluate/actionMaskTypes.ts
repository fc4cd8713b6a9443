/** Which validate slots (by position in validateSlots) and checks (by position in checks) apply to one action: 1 where they do. */
export interface ActionMasks {
  validates: Uint8Array;
  checks: Uint8Array;
  /** By rule index: a required rule that lists the action. */
  required: Uint8Array;
}
