// The tests' independent reference for local time: wall-clock parts of an instant in a zone, straight
// from Intl (never from the code under test).
const formats = new Map<string, Intl.DateTimeFormat>();

export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  /** `Mon` … `Sun` */
  weekday: string;
  /** The UTC offset as `+01:00`. */
  offset: string;
  /** `YYYY-MM-DDTHH:MM:SS+HH:MM` */
  iso: string;
}

export function wallClock(sec: number, timeZone = 'Europe/Vienna'): WallClock {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
      timeZoneName: 'longOffset',
    });
    formats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(sec * 1000)).map((x) => [x.type, x.value]));
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName!.slice(3);
  const w = {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour!,
    minute: p.minute!,
    second: p.second!,
    weekday: p.weekday!,
    offset,
  };
  return { ...w, iso: `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}${offset}` };
}
