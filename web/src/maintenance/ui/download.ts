/**
 * Saves text as a file through a temporary link. The UTF-8 byte order mark makes Excel read
 * names with ñ and the peso sign correctly.
 */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(fileName, new Blob(['\uFEFF', text], { type }));
}

/** Saves a file the console was given (a ZIP archive) through a temporary link. */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download starts asynchronously; keep the blob alive until it has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
