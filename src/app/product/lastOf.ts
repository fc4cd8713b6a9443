/** `fn` remembering its last answer: called again with the same argument (by identity), it returns the same object. */
export function lastOf<A, R>(fn: (arg: A) => R): (arg: A) => R {
  let last: { arg: A; result: R } | null = null;
  return (arg) => {
    if (!last || last.arg !== arg) last = { arg, result: fn(arg) };
    return last.result;
  };
}
