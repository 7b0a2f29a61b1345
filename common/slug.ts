/**
 * An id made from a name a person gave (a profile, an imported meter, a price series, a community):
 * lower case, every run of characters other than a–z and 0–9 as one `-`, cut to `maxChars`; empty
 * when nothing is left. Ids already made this way stay as they are (the steps never change).
 */
export function slugOf(text: string, maxChars: number): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, maxChars);
}
