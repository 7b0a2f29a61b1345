// Where the data folder lives (issue 43, item 15): a network file system or a folder a sync client
// copies is named; a local folder is not. The file-system numbers are Linux's (linux/magic.h).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeOf, placeOfPath } from '../../main/profiles/place';

describe('the data folder’s place', () => {
  it('this machine’s temporary folder is local, also for a folder not made yet', () => {
    expect(placeOf(mkdtempSync(join(tmpdir(), 'md-place-')))).toEqual({ kind: 'local', name: '' });
    expect(placeOf(join(tmpdir(), 'md-not-there', 'deeper'))).toEqual({ kind: 'local', name: '' });
  });

  it('network file systems by their statfs type, UNC paths on Windows', () => {
    expect(placeOfPath('/mnt/kanzlei', 0x6969, 'linux')).toEqual({ kind: 'network', name: 'NFS' });
    expect(placeOfPath('/mnt/kanzlei', 0xfe534d42, 'linux')).toEqual({ kind: 'network', name: 'SMB2' });
    expect(placeOfPath('/mnt/kanzlei', 0xff534d42, 'linux')).toEqual({ kind: 'network', name: 'CIFS' });
    expect(placeOfPath('\\\\server\\share\\Meterdesk', null, 'win32')).toEqual({
      kind: 'network',
      name: 'UNC',
    });
    expect(placeOfPath('/home/a/Meterdesk', 0xef53, 'linux')).toEqual({ kind: 'local', name: '' });
  });

  it('synced folders by the sync client’s folder, not by a word inside a name', () => {
    expect(placeOfPath('C:\\Users\\a\\OneDrive - Kanzlei\\Meterdesk', null, 'win32')).toEqual({
      kind: 'synced',
      name: 'OneDrive',
    });
    expect(placeOfPath('/home/a/Dropbox/md', 0xef53, 'linux')).toEqual({ kind: 'synced', name: 'Dropbox' });
    expect(placeOfPath('/home/a/Dropbox (Kanzlei)/md', 0xef53, 'linux').kind).toBe('synced');
    expect(placeOfPath('/Users/a/Library/Mobile Documents/x', null, 'darwin').kind).toBe('synced');
    // iCloud for Windows keeps its folder as "iCloudDrive" (issue 61: it was not seen).
    expect(placeOfPath('C:\\Users\\a\\iCloudDrive\\Meterdesk', null, 'win32')).toEqual({
      kind: 'synced',
      name: 'iCloud Drive',
    });
    expect(placeOfPath('/Users/a/Library/Mobile Documents/com~apple~CloudDocs/md', null, 'darwin').name).toBe(
      'iCloud Drive',
    );
    expect(placeOfPath('/home/a/dropbox-notes-old/md', 0xef53, 'linux').kind).toBe('local');
    expect(placeOfPath('/home/a/my-onedrive-export/md', 0xef53, 'linux').kind).toBe('local');
  });
});
