/** Paths as the host gives them: `/` on Linux and macOS, `\` on Windows. */

const separator = (path: string) => (/^[A-Za-z]:\\|^\\\\/.test(path) ? '\\' : '/');

/** `name` inside the folder `dir`. */
export function joinPath(dir: string, name: string): string {
  const sep = separator(dir);
  return dir.endsWith(sep) ? `${dir}${name}` : `${dir}${sep}${name}`;
}

/** A path's folder and file name. */
export function splitPath(path: string): { folder: string; name: string } {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (at < 0) return { folder: '', name: path };
  return { folder: path.slice(0, at) || path.slice(0, 1), name: path.slice(at + 1) };
}

/** A file the configuration can be: `*.yaml` or `*.yml`. */
export const isYamlFile = (name: string) => /\.ya?ml$/i.test(name);
