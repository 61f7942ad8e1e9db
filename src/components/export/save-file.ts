/**
 * Hands a file to the browser's downloads: its Blob (made of the export's parts, never one joined
 * string) behind an object URL, and a link with `download`, which the Content-Security-Policy
 * allows (no script, no style).
 */

/** Long enough for the browser to have started the download. */
const REVOKE_AFTER_MS = 60_000;

export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, REVOKE_AFTER_MS);
  }
}
