// Sorting by a string key in code-unit order: the order a world's rows are stored, digested and
// written in, the same on every machine (localeCompare would follow the locale).

/** A comparator of `T`s by `key(t)`, in code-unit order. */
export const byKey =
  <T>(key: (x: T) => string) =>
  (a: T, b: T) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
