/** A copy of a typed array with room for `length` elements; the rest is zero. */
export function grown<T extends Float64Array | Int32Array | Uint8Array>(a: T, length: number): T {
  const next = new (a.constructor as { new (n: number): T })(length);
  next.set(a);
  return next;
}
