import { strToU8, zipSync } from 'fflate';

/** Save text as a file through the browser's download (Electron shows its save dialog). */
export function downloadText(fileName: string, content: string, type: string): void {
  save(fileName, new Blob([content], { type }));
}

function save(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Save bytes as a file (a PDF, a PNG). */
export function downloadBytes(fileName: string, bytes: Uint8Array, type: string): void {
  save(fileName, new Blob([bytes as BlobPart], { type }));
}

/** Bytes from base64, as the API carries a PDF. */
export function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

type MadeFile = { name: string; type: string; content: string; encoding: 'utf8' | 'base64' };
const bytesOf = (f: MadeFile) => (f.encoding === 'base64' ? fromBase64(f.content) : strToU8(f.content));

/**
 * Files the studio made (a report, a result) as one download: a single file as it is, several
 * (every table as CSV) in one zip named `zipName`, so the browser asks once and drops none.
 */
export function downloadFiles(files: MadeFile[], zipName: string): string {
  if (files.length === 1) {
    const [f] = files;
    downloadBytes(f.name, bytesOf(f), f.type);
    return f.name;
  }
  downloadBytes(zipName, zipSync(Object.fromEntries(files.map((f) => [f.name, bytesOf(f)]))), 'application/zip');
  return zipName;
}
