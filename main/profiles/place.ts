/**
 * Where the data folder lives (issue 43, item 15): SQLite in WAL mode is not safe on network shares
 * (SMB, NFS) — its locks and shared memory do not work across computers — and a folder a sync client
 * copies (OneDrive, Dropbox, …) can copy a database between its writes. Meterdesk says so at start, with
 * what to do; it does not refuse (the person may know the share is used by this computer only).
 */
import { statfsSync } from 'node:fs';
import { sep } from 'node:path';

export interface Place {
  kind: 'local' | 'network' | 'synced';
  /** The file system or the sync service, for the words ("NFS", "OneDrive"). */
  name: string;
}

/** Linux `statfs` f_type numbers of network and remote file systems (linux/magic.h, man statfs). */
const NETWORK_FS: Record<number, string> = {
  0x6969: 'NFS',
  0x517b: 'SMB',
  0xff534d42: 'CIFS',
  0xfe534d42: 'SMB2',
  0x5346414f: 'AFS',
  0x00c36400: 'Ceph',
  0x01021997: '9P',
  0x65735546: 'FUSE',
  0x013111a8: 'IBRIX',
  0x47504653: 'GPFS',
  0x0bd00bd0: 'Lustre',
};

/** Folder names the common sync clients use, as a path segment (case ignored). */
const SYNCED = [
  ['onedrive', 'OneDrive'],
  ['dropbox', 'Dropbox'],
  ['google drive', 'Google Drive'],
  ['googledrive', 'Google Drive'],
  ['icloud drive', 'iCloud Drive'],
  // iCloud for Windows (C:\Users\…\iCloudDrive) and the macOS folder behind "iCloud Drive".
  ['iclouddrive', 'iCloud Drive'],
  ['com~apple~clouddocs', 'iCloud Drive'],
  ['mobile documents', 'iCloud Drive'],
  ['nextcloud', 'Nextcloud'],
  ['owncloud', 'ownCloud'],
  ['seafile', 'Seafile'],
  ['pcloud drive', 'pCloud'],
  ['megasync', 'MEGA'],
  ['synology drive', 'Synology Drive'],
] as const;

/** The place of a folder from its path and its file system's `statfs` type (null: not known). */
export function placeOfPath(path: string, fsType: number | null, platform = process.platform): Place {
  if (platform === 'win32' && /^(\\\\|\/\/)[^\\/]+[\\/][^\\/]+/.test(path))
    return { kind: 'network', name: 'UNC' };
  if (fsType !== null && NETWORK_FS[fsType]) return { kind: 'network', name: NETWORK_FS[fsType] };
  const segments = path.toLowerCase().split(/[\\/]+/);
  for (const [segment, name] of SYNCED)
    // "OneDrive - Kanzlei", "Dropbox (Kanzlei)": the business folders of the same clients.
    if (segments.some((s) => s === segment || s.startsWith(`${segment} - `) || s.startsWith(`${segment} (`)))
      return { kind: 'synced', name };
  return { kind: 'local', name: '' };
}

/** The place of a folder (its nearest existing parent, for a folder not made yet). */
export function placeOf(path: string): Place {
  let at = path;
  for (;;) {
    try {
      return placeOfPath(path, process.platform === 'linux' ? statfsSync(at).type : null);
    } catch {
      const up = at.slice(0, Math.max(at.lastIndexOf(sep), 0));
      if (!up || up === at) return placeOfPath(path, null);
      at = up;
    }
  }
}
