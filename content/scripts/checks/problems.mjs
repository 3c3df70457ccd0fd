// Collects content problems as "file: json.path problem" lines.

export function createProblems() {
  const list = [];
  return {
    list,
    /** path is a JSON path like [3].finishes[0].hex; empty means the whole file. */
    add(file, path, message) {
      list.push(`${file}: ${path || '(file)'} ${message}`);
    },
    /** A reporter bound to one file. */
    forFile(file) {
      return (path, message) => this.add(file, path, message);
    },
  };
}

export const joinPath = (base, key) =>
  typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key;
