// A drop of files on the window, shared by the import's specs (import.spec.ts, team.spec.ts).
import type { Page } from '@playwright/test';

/** Drops files on the window as a person would: a drag of files over it, then the drop. */
export async function dropFiles(page: Page, files: { name: string; bytes: Buffer }[], target = '.app') {
  await page.evaluate(
    ({ files, target }) => {
      const dt = new DataTransfer();
      for (const f of files) {
        const bin = atob(f.b64);
        const bytes = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        dt.items.add(new File([bytes], f.name, { type: 'text/csv' }));
      }
      const el = document.querySelector(target)!;
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { files: files.map((f) => ({ name: f.name, b64: f.bytes.toString('base64') })), target },
  );
}
