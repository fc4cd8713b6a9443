import type { PortalApi } from './PortalApi';

/** Each section of the client with only the methods a test sets. */
export type FakeCalls = { [S in keyof PortalApi]?: PortalApi[S] extends (...args: never[]) => unknown ? PortalApi[S] : Partial<PortalApi[S]> };

/**
 * A PortalApi for tests of screens and controllers: answers what the test set, and throws for any
 * call the test did not expect (naming it), so a test never passes on a call it did not mean.
 */
export function fakePortalApi(calls: FakeCalls = {}): PortalApi {
  const missing = (name: string) => () => {
    throw new Error(`fakePortalApi: ${name} was called but not set by this test`);
  };
  const section = (name: string, given: Record<string, unknown> | undefined) =>
    new Proxy(given ?? {}, { get: (target, method) => (typeof method !== 'string' || method in target ? target[method as string] : missing(`${name}.${method}`)) });
  return new Proxy(calls as Record<string, unknown>, {
    get: (target, name) => {
      if (typeof name !== 'string') return undefined;
      const given = target[name];
      if (name === 'metadata') return given ?? missing('metadata');
      return section(name, given as Record<string, unknown> | undefined);
    },
  }) as unknown as PortalApi;
}
