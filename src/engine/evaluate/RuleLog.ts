/**
 * The ids of the rules whose logic ran, in order, written into an array kept from one evaluation to
 * the next (a fresh array per evaluation grew by copies as some 140 ids were pushed): `ids()` copies
 * out what the last pass wrote.
 */
export class RuleLog {
  private readonly buffer: string[] = [];
  private count = 0;

  reset(): void {
    this.count = 0;
  }

  add(id: string): void {
    this.buffer[this.count++] = id;
  }

  ids(): string[] {
    return this.buffer.slice(0, this.count);
  }
}
