const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** A file or storage size as a person reads it: `512 B`, `1.5 KB`, `12.3 MB`, `1.25 GB` (binary units). */
export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / KB).toFixed(1)} KB`;
  if (bytes < GB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / GB).toFixed(2)} GB`;
}
