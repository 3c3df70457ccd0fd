/**
 * `load` once, sharing its promise with every later call; a failure is not remembered, so a broken
 * content file keeps failing loudly on each call (and is read again once fixed and redeployed).
 */
export function memoizeUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let remembered: Promise<T> | undefined;
  return () => {
    if (!remembered) {
      const loading = load();
      remembered = loading;
      loading.catch(() => {
        if (remembered === loading) remembered = undefined;
      });
    }
    return remembered;
  };
}
