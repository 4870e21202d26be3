/**
 * Typed arrays carved out of one buffer.
 *
 * V8 starts a full collection whenever memory held by ArrayBuffers has grown by 64 MB since the
 * last one ("external memory pressure"), and over a heap holding a million records each of those
 * costs 0.5–1.5 s. A full build allocates hundreds of MB of columns, bitsets and posting lists,
 * taken from a few arenas sized before they are filled.
 *
 * The buffers are SharedArrayBuffers (never shared with another thread): V8 leaves those out of the
 * per-isolate external-memory count that starts those collections (a micro-check: 512 MB under a
 * heap of 3M objects, 11 collections as ArrayBuffers, none as SharedArrayBuffers), so a build meets
 * none for its own arrays; process.memoryUsage().arrayBuffers still counts them. The cost: a dead
 * one waits for the next full collection the heap's own growth starts, no earlier.
 *
 * An array taken from an arena behaves as any typed array; a later `grow` replaces it with one of
 * its own. The arena's buffer lives while any array taken from it does.
 */
type TypedArray = Int32Array | Uint32Array | Float64Array | Uint16Array | Uint8Array;
type TypedArrayOf<T extends TypedArray> = { new (buffer: ArrayBufferLike, offset: number, length: number): T; new (length: number): T; BYTES_PER_ELEMENT: number };

export class Arena {
  private readonly buffer: SharedArrayBuffer;
  private offset = 0;
  /** Arrays that did not fit and were allocated on their own (a sizing mistake; tests expect none). */
  overflows = 0;

  constructor(bytes: number) {
    this.buffer = new SharedArrayBuffer(Math.max(0, Math.ceil(bytes / 8) * 8));
  }

  /** Bytes an array of `length` takes in an arena (each starts on an 8-byte boundary). */
  static bytes(Type: { BYTES_PER_ELEMENT: number }, length: number): number {
    return Math.ceil((length * Type.BYTES_PER_ELEMENT) / 8) * 8;
  }

  take<T extends TypedArray>(Type: TypedArrayOf<T>, length: number): T {
    const size = Arena.bytes(Type, length);
    if (this.offset + size > this.buffer.byteLength) {
      this.overflows++;
      return new Type(length);
    }
    const a = new Type(this.buffer, this.offset, length);
    this.offset += size;
    return a;
  }

  get unused(): number {
    return this.buffer.byteLength - this.offset;
  }
}

/** Allocates a typed array: from an arena during a full build, else on its own. */
export type Alloc = <T extends TypedArray>(Type: TypedArrayOf<T>, length: number) => T;
export const ownAlloc: Alloc = (Type, length) => new Type(length);
export const arenaAlloc = (arena: Arena): Alloc => (Type, length) => arena.take(Type, length);
/** A typed array on a SharedArrayBuffer of its own (uncounted, as the arenas': see above), for a build's large arrays outside the arenas. */
export const sharedAlloc: Alloc = (Type, length) => new Type(new SharedArrayBuffer(Arena.bytes(Type, length)), 0, length);
