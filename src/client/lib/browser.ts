import { readyToPrint } from './printing.js';

/** The browser's side effects the sagas call (injected, so that saga tests pass fakes). */

/** Shares a link natively where the browser can, otherwise copies it to the clipboard. */
export async function shareLink(url: string, title = document.title): Promise<'shared' | 'copied' | 'cancelled'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, title });
      return 'shared';
    } catch (err) {
      // The user closed the share sheet: nothing failed.
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
    }
  }
  await navigator.clipboard.writeText(url);
  return 'copied';
}

/** What a download saves: a text (CSV) or a file's bytes (an Excel workbook). */
export type DownloadContent = string | ArrayBuffer | Blob;

/** Saves a text or bytes as a file through a temporary link. */
export function downloadFile(fileName: string, content: DownloadContent, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The browser's print dialog ("Guardar como PDF"), once the page can draw everything paper shows. */
export async function printPage(): Promise<void> {
  await readyToPrint();
  window.print();
}
