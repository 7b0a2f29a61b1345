/**
 * External links leave the app only as https URLs, opened in the system browser.
 */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.username === '' && u.password === '' && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export async function openExternalSafely(
  shell: { openExternal(url: string): Promise<void> },
  url: string,
): Promise<boolean> {
  if (!isSafeExternalUrl(url)) return false;
  await shell.openExternal(url);
  return true;
}
