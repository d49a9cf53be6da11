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

/** Files the studio made (a report, a result), each saved under its own name. */
export function downloadFiles(files: { name: string; type: string; content: string; encoding: 'utf8' | 'base64' }[]): void {
  for (const f of files) {
    if (f.encoding === 'base64') downloadBytes(f.name, fromBase64(f.content), f.type);
    else downloadText(f.name, f.content, f.type);
  }
}
