/**
 * Files from a drop or the file chooser → what `import:preview` takes: name and bytes as base64.
 * Files over the limit are not read at all (the renderer's memory stays bounded too).
 */
import { IMPORT_MAX_BYTES } from '../../../../preload/contract-plain';

export interface FileToImport {
  name: string;
  dataBase64: string;
}

/** Base64 of bytes, in slices (a 60 MB file must not become one giant argument list). */
function base64(bytes: Uint8Array): string {
  let out = '';
  const step = 0x8000 * 3; // a multiple of 3: slices encode without padding in the middle
  for (let i = 0; i < bytes.length; i += step) {
    const slice = bytes.subarray(i, i + step);
    let bin = '';
    for (let k = 0; k < slice.length; k += 0x8000)
      bin += String.fromCharCode(...slice.subarray(k, k + 0x8000));
    out += btoa(bin);
  }
  return out;
}

export async function readForImport(file: File): Promise<FileToImport | { name: string; tooLarge: number }> {
  if (file.size > IMPORT_MAX_BYTES) return { name: file.name, tooLarge: file.size };
  return { name: file.name, dataBase64: base64(new Uint8Array(await file.arrayBuffer())) };
}
